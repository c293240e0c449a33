/**
 * On a touch screen, a tap on a link whose page is already in hand shows that page in this document, with
 * no new page load. A phone pays for a page load in ways a swap does not: tearing down the page being left, a new
 * document's setup, and a first frame drawn in parts as the parser goes (traced in scripts/bench-navigation.ts).
 *
 * Which taps: only links whose document src/client/next-page.ts fetched ahead and keeps here (`keep`): on a touch
 * screen, the content links the reader left in view. Every other link (and every link on a screen that hovers, where
 * the rest before a click gives Chromium's prerender or the hover fetch its head start) navigates as usual. A kept
 * link is marked `data-no-speculate`, so Chromium's rules do not start a prerender on the tap that this swap serves.
 *
 * A kept page is parsed, and its stylesheets loaded without applying them, while the page is idle, in slices that give
 * way to the visitor's input (src/client/ahead.ts). What a tap then does, in order: the head's title, metadata and
 * structured data become the new page's; the URL is pushed (after the title, so an analytics tag watching history
 * reads the new one); the body and the stylesheets are replaced together, in one frame; the view starts at the top (or
 * at the link's #fragment). Once that frame is drawn, the old page's islands are unmounted, the new body's inline
 * scripts run and its page modules started (`startPage`), focus starts at the top as after a load, and the new title
 * is announced. Back and forward swap the page of that history entry
 * back in, from the HTTP cache, where it was scrolled to.
 *
 * Anything unexpected (a page built by another deploy, a failed parse, a page that is not the site's) falls back to
 * an ordinary navigation: the visitor always gets the page.
 */

import { PAGE_FRESH_MS } from "../lib/static-files.ts";

/** The part of history.state this module owns: set on every entry it made or swapped away from. */
interface SwapState {
  swapped: true;
  /** Where the page was scrolled to when it was left. */
  scrollY?: number;
  /** What the visitor had typed or chosen in the page's fields when it was left (fieldsOf). */
  fields?: FieldValue[];
}

/** A field's place among the page's fields (FIELDS, in document order), and its value or checked state. */
type FieldValue = [index: number, value: string | boolean];

const isSwapState = (state: unknown): state is SwapState =>
  typeof state === "object" && state !== null && (state as Partial<SwapState>).swapped === true;

/** Head elements that differ from page to page; the rest (stylesheets aside) is the same on every page, or the runtime's. */
const PAGE_HEAD =
  'title, meta[name]:not([name="theme-color"]):not([name="viewport"]), meta[property], link[rel="canonical"], link[rel="alternate"], script[type="application/ld+json"]';

/** The eager loader's module script: a page that names another one was built by another deploy. */
const LOADER = 'script[type="module"][src*="/loader-"]';

export interface PageSwaps {
  /** Fetches a page's document and keeps it for a tap on a link to it; `href` is absolute, without fragment. */
  keep(href: string): boolean;
}

export interface SwapHooks {
  /** Resolves when a slice of work ahead of the visitor may run (src/client/ahead.ts aheadSlice). */
  ahead(): Promise<void>;
  /** Between two slices of one task ahead: gives the thread back to input (src/client/ahead.ts nextSlice). */
  nextSlice(): Promise<void>;
  /** What the page must show in its first frame (stored choices, such as the currency), run as its body goes in. */
  showPage(doc: Document): void;
  /** Starts what the loader runs for each page (islands, filters...), once the page has been drawn. */
  startPage(doc: Document): void;
}

/** What the steps below share: the document and what it keeps for the taps to come. */
interface Swapper {
  doc: Document;
  view: Window;
  hooks: SwapHooks;
  kept: Set<string>;
  /**
   * Documents arrived and parsed, for a tap to find without waiting, and when they arrived. Parsed when the page is
   * idle: on a phone, parsing a page takes tens of ms, which the tap would otherwise wait for. Each is used once (its
   * body moves into this document).
   */
  ready: Map<string, { next: Document; at: number }>;
  /** The page in the document now, as path and query: a move to another fragment of it is not a swap. */
  shown: string;
  /** The latest tap or move in history: a swap still waiting when another starts gives way to it. */
  latest: number;
}

export function startPageSwaps(doc: Document, hooks: SwapHooks): PageSwaps {
  const view = doc.defaultView;
  if (!view) return { keep: () => false };
  const swapper: Swapper = {
    doc,
    view,
    hooks,
    kept: new Set(),
    ready: new Map(),
    shown: pageOf(view.location.href),
    latest: 0,
  };
  listenForTaps(swapper);
  listenForHistory(swapper);
  return { keep: (href) => keepPage(swapper, href) };
}

/** Fetches `href`'s document, parses it while the page is idle and keeps it, with its sheets loaded, for a tap. */
function keepPage(swapper: Swapper, href: string): boolean {
  const { doc, hooks, kept, ready } = swapper;
  for (const link of doc.querySelectorAll<HTMLAnchorElement>("a[href]"))
    if (withoutFragment(link.href) === href) link.dataset.noSpeculate = "";
  if (kept.has(href)) return false;
  kept.add(href);
  const keptFor = swapper.shown;
  void fetchPage(href)
    .then(async (html) => {
      if (html === undefined) return kept.delete(href);
      const at = Date.now();
      // Parsed in slices that give way to input: on a phone a page takes tens of ms, which a tap would wait for.
      await hooks.ahead();
      const next =
        swapper.shown === keptFor ? showable(doc, await parseInSlices(doc, html, hooks.nextSlice)) : undefined;
      if (swapper.shown !== keptFor) return; // kept for a page left meanwhile
      if (!next) return kept.delete(href);
      ready.set(href, { next, at });
      await hooks.nextSlice();
      void loadSheets(doc, next);
    })
    .catch(() => kept.delete(href));
  return true;
}

/** `next` if `doc` can show it: a page of the site built by the same deploy (the same loader). */
function showable(doc: Document, next: Document): Document | undefined {
  const loader = (d: Document) => d.querySelector(LOADER)?.getAttribute("src");
  return next.querySelector("main") && loader(next) === loader(doc) ? next : undefined;
}

/**
 * Shows the page `next` at `href`. `entry` says how history moves: a new entry for a tap, none for back or forward
 * (which restores the entry's scroll position).
 */
async function swap(
  swapper: Swapper,
  href: string,
  next: Document,
  entry: "push" | Omit<SwapState, "swapped">,
  mine: number,
): Promise<void> {
  const { doc, view, hooks } = swapper;
  // Focus leaves the page first, while its styles are clean: a focused element removed with the body has the browser
  // restyle the whole document there and then (its focus fixup), and once the new page's sheets are linked below,
  // that restyle is of every element of the page being left, tens of ms on a phone.
  if (doc.activeElement instanceof HTMLElement) doc.activeElement.blur();
  await loadSheets(doc, next);
  if (mine !== swapper.latest) return;
  replaceHead(doc, next);
  doc.documentElement.lang = next.documentElement.lang;
  // A lead sent from the new page tells where it was reached from as after a page load: this site, not the arrival
  // (src/client/lead-source.ts reads it; set here, not imported, so this module shares no code with the loader).
  globalThis.siteSwappedFrom = view.location.href;
  if (entry === "push") view.history.pushState({ swapped: true } satisfies SwapState, "", href);
  swapper.shown = pageOf(href);
  // The pages kept for the page left are its links' (and their sheets go below): the new page keeps its own.
  swapper.ready.clear();
  swapper.kept.clear();
  const body = doc.adoptNode(next.body);
  doc.body.replaceWith(body);
  applySheets(doc, next);
  if (entry !== "push") restoreFields(body, entry.fields);
  // What the first frame must show as the page would after a load: its inline scripts (the stored currency on
  // /installation) and the stored choices.
  runInlineScripts(doc, body);
  hooks.showPage(doc);
  // The theme switch of the new header shows the theme in use (src/client/theme-switch.ts keeps it on <html>).
  for (const input of body.querySelectorAll<HTMLInputElement>(".theme-switch input"))
    input.checked = input.value === doc.documentElement.dataset.theme;
  const fragment = new URL(href).hash.slice(1);
  const anchor = fragment ? doc.getElementById(decodeURIComponent(fragment)) : null;
  if (entry !== "push" && entry.scrollY !== undefined) view.scrollTo(0, entry.scrollY);
  else if (anchor) anchor.scrollIntoView();
  else view.scrollTo(0, 0);
  // The rest waits until the new page has been drawn once: the visitor sees it a frame sooner, and the page works
  // without script meanwhile (links, forms) as it does while a page loads.
  await afterNextPaint(view);
  stopIslands();
  if (mine !== swapper.latest) return; // another page is in already, and starts itself
  hooks.startPage(doc);
  startPageModules(doc, body);
  startFromTop(doc, body);
}

/** A tap on a link whose page is kept and fresh shows it in this document. */
function listenForTaps(swapper: Swapper): void {
  const { doc, view, ready, kept } = swapper;
  // Bubbling, at the document: a handler of the page (a dialog's link, an island) that took the click has said so.
  doc.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!(link instanceof HTMLAnchorElement) || link.hasAttribute("download")) return;
    if (link.target && link.target !== "_self") return;
    const href = withoutFragment(link.href);
    const page = ready.get(href);
    if (!page) return;
    ready.delete(href);
    kept.delete(href);
    // Older than a page may be cached (a deploy since would not show): the browser asks for it again.
    if (Date.now() - page.at > PAGE_FRESH_MS) return;
    event.preventDefault();
    // Notes on the entry being left that this module shows it again, and where it was scrolled to.
    view.history.scrollRestoration = "manual";
    const left: SwapState = { swapped: true, scrollY: view.scrollY, fields: fieldsOf(doc.body) };
    view.history.replaceState({ ...(view.history.state ?? {}), ...left }, "");
    swap(swapper, link.href, page.next, "push", ++swapper.latest).catch((error: unknown) => {
      // The browser's own navigation shows the page.
      console.error("[page swap]", error);
      view.location.assign(link.href);
    });
  });
}

/** Back and forward swap an entry this module made back in, where it was scrolled to. */
function listenForHistory(swapper: Swapper): void {
  const { view } = swapper;
  const { history, location } = view;
  // A reload or a page load away restores the position as the browser does for any page (it keeps it per entry).
  view.addEventListener("pagehide", () => {
    history.scrollRestoration = "auto";
  });
  // Where the page shown is scrolled to, kept in its entry as it changes (at rest, not on every frame: browsers limit
  // how often history may be written): back and forward restore it.
  let saving: ReturnType<typeof setTimeout> | undefined;
  view.addEventListener(
    "scroll",
    () => {
      clearTimeout(saving);
      saving = setTimeout(() => {
        const state: unknown = history.state;
        if (isSwapState(state)) history.replaceState({ ...state, scrollY: view.scrollY } satisfies SwapState, "");
      }, 200);
    },
    { passive: true },
  );
  view.addEventListener("popstate", (event) => {
    clearTimeout(saving); // a position noted for the entry left must not land in this one
    const mine = ++swapper.latest;
    const state: unknown = event.state;
    if (!isSwapState(state) || pageOf(location.href) === swapper.shown) return;
    const href = location.href;
    void fetchPage(withoutFragment(href))
      .then((html) => {
        if (mine !== swapper.latest) return; // the visitor moved on while it came
        // The visitor is waiting for this one: parsed at once.
        const next =
          html === undefined ? undefined : showable(swapper.doc, new DOMParser().parseFromString(html, "text/html"));
        return next ? swap(swapper, href, next, state, mine) : location.reload();
      })
      .catch(() => location.reload());
  });
}

/** How much of a page's HTML one slice parses: a few ms on a phone. */
const PARSE_SLICE = 8192;

/**
 * Parses a page's HTML as DOMParser does (no script runs: the document has no window), a slice at a time, giving the
 * thread back between slices.
 */
async function parseInSlices(doc: Document, html: string, nextSlice: () => Promise<void>): Promise<Document> {
  const parsed = doc.implementation.createHTMLDocument("");
  parsed.open();
  for (let at = 0; at < html.length; at += PARSE_SLICE) {
    parsed.write(html.slice(at, at + PARSE_SLICE));
    await nextSlice();
  }
  parsed.close();
  return parsed;
}

/** Resolves once the next frame has been drawn: a task queued from its animation frame callback runs after it. */
const afterNextPaint = (view: Window) =>
  new Promise<void>((resolve) => view.requestAnimationFrame(() => view.setTimeout(resolve, 0)));

const withoutFragment = (href: string) => {
  const url = new URL(href);
  url.hash = "";
  return url.href;
};

const pageOf = (href: string) => {
  const url = new URL(href);
  return url.pathname + url.search;
};

/** A page's document, from the HTTP cache when fresh there; undefined for anything but the page the link names. */
const fetchPage = (href: string): Promise<string | undefined> =>
  fetch(href, { credentials: "same-origin" })
    .then((response) => {
      // A redirect or an error page is not the page the link names: the browser's own navigation shows it.
      const page = response.ok && !response.redirected && response.headers.get("content-type")?.includes("text/html");
      return page ? response.text() : undefined;
    })
    .catch(() => undefined);

const sheetLinks = (d: Document) => [...d.querySelectorAll<HTMLLinkElement>('head link[rel="stylesheet"]')];

/** The media a stylesheet linked for a page not yet shown waits with: loaded and parsed, never applied. */
const WAITING = "not all";

/**
 * Links the stylesheets of page `next` that this document lacks, to wait (WAITING), and resolves once all of the
 * page's sheets have loaded (or failed). Called when a page is kept, so that at the tap they are loaded and parsed
 * already (from the cache: src/client/next-page.ts fetchPageSheets), which is tens of ms on a phone; and at the tap.
 */
function loadSheets(doc: Document, next: Document): Promise<unknown> {
  const linked = new Map(sheetLinks(doc).map((link) => [link.getAttribute("href"), link]));
  const links = sheetLinks(next).map((wanted) => {
    const href = wanted.getAttribute("href");
    const have = linked.get(href);
    if (have) return have;
    const link = doc.createElement("link");
    link.rel = "stylesheet";
    link.media = WAITING;
    link.href = href ?? "";
    doc.head.append(link);
    return link;
  });
  const loaded = (link: HTMLLinkElement) =>
    new Promise((resolve) => {
      link.addEventListener("load", resolve, { once: true });
      link.addEventListener("error", resolve, { once: true });
    });
  return Promise.all(links.filter((link) => link.sheet === null).map(loaded));
}

/**
 * Makes this document's stylesheets page `next`'s (all loaded: loadSheets), in its order, which the cascade depends
 * on; those of the page left go with it. Synchronous, with the swap of the body: no frame shows either page with the
 * other's styles.
 */
function applySheets(doc: Document, next: Document): void {
  const have = new Map(sheetLinks(doc).map((link) => [link.getAttribute("href"), link]));
  const wanted = sheetLinks(next).flatMap((want) => {
    const link = have.get(want.getAttribute("href"));
    if (!link) return [];
    have.delete(want.getAttribute("href"));
    if (want.media) link.media = want.media;
    else link.removeAttribute("media");
    return [link];
  });
  for (const unwanted of have.values()) unwanted.remove();
  // Moved only when out of order: a moved sheet is parsed again.
  const order = sheetLinks(doc);
  if (wanted.some((link, i) => order[i] !== link)) for (const link of wanted) doc.head.append(link);
}

/** The head's page-specific elements (PAGE_HEAD) become the new page's. */
function replaceHead(doc: Document, next: Document): void {
  for (const el of doc.head.querySelectorAll(PAGE_HEAD)) el.remove();
  const anchor = doc.head.querySelector('link[rel="stylesheet"]');
  for (const el of next.head.querySelectorAll(PAGE_HEAD)) doc.head.insertBefore(doc.adoptNode(el), anchor);
}

/** The fields whose values a page keeps across back and forward, as a browser restores a form. */
const FIELDS =
  "input:not([type=hidden]):not([type=password]):not([type=file]):not([type=submit]):not([type=button]), textarea, select";

/** The fields of `body` the visitor changed: typed into, ticked, chosen. */
function fieldsOf(body: HTMLElement): FieldValue[] {
  const changed: FieldValue[] = [];
  body.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(FIELDS).forEach((field, i) => {
    if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
      if (field.checked !== field.defaultChecked) changed.push([i, field.checked]);
    } else if (field instanceof HTMLSelectElement) {
      if (![...field.options].some((option) => option.selected && option.defaultSelected))
        changed.push([i, field.value]);
    } else if (field.value !== field.defaultValue) changed.push([i, field.value]);
  });
  return changed;
}

/** Puts back what fieldsOf noted, in a fresh copy of the same page (the same fields in the same order). */
function restoreFields(body: HTMLElement, fields: FieldValue[] = []): void {
  const all = body.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(FIELDS);
  for (const [i, value] of fields) {
    const field = all[i];
    if (!field) continue;
    if (typeof value === "boolean" && field instanceof HTMLInputElement) field.checked = value;
    else if (typeof value === "string") field.value = value;
  }
}

/**
 * The body's inline scripts (a parsed document's never run), each run in its place, where it finds its element by
 * `document.currentScript`. Module scripts are the page modules: `startPage` starts them.
 */
function runInlineScripts(doc: Document, body: HTMLElement): void {
  for (const old of body.querySelectorAll<HTMLScriptElement>("script:not([src]):not([type])")) {
    const script = doc.createElement("script");
    script.textContent = old.textContent;
    old.replaceWith(script);
  }
}

/**
 * Unmounts the islands of the page left (src/client/island-mount.tsx lists them), so that nothing of theirs runs on:
 * a timer, a listener on the window.
 */
function stopIslands(): void {
  const mounted = globalThis.siteMountedIslands;
  for (const [root, unmount] of mounted ?? []) {
    if (root.isConnected) continue;
    mounted?.delete(root);
    unmount();
  }
}

/** What a page module (src/components/inline-script.tsx PageModule) exports to start on a page swapped in. */
export interface PageModule {
  startPage?(doc: Document): void;
}

/**
 * The body's page modules: a module runs once per document, on import (here, the first time a page that has it is
 * swapped in); `startPage` then starts it on this page.
 */
function startPageModules(doc: Document, body: HTMLElement): void {
  for (const script of body.querySelectorAll<HTMLScriptElement>('script[type="module"][src]'))
    import(/* @vite-ignore */ script.src)
      .then((module: PageModule) => module.startPage?.(doc))
      .catch((error: unknown) => console.error("[page module]", script.src, error));
}

/**
 * As after a page load: focus starts at the top of the page (the next Tab reaches the skip link), and a screen reader
 * hears the new page's title, from a polite live region the swap adds to the page.
 */
function startFromTop(doc: Document, body: HTMLElement): void {
  body.tabIndex = -1;
  body.focus({ preventScroll: true });
  body.removeAttribute("tabindex");
  const region = doc.createElement("p");
  region.className = "visually-hidden";
  region.setAttribute("aria-live", "polite");
  // First in the body: at its end, the 1 px region would lengthen the page by a pixel (it is positioned where it stands).
  body.prepend(region);
  // Filled after it is in the page: a live region announces changes, not the text it is born with.
  setTimeout(() => {
    region.textContent = doc.title;
  }, 100);
}
