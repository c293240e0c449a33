import { type ConnectionFacts, mayFetchAhead } from "../lib/connection.ts";
import { nextSlice, standBack } from "./ahead.ts";
import { addressToFetchAhead, NOT_FETCHED_AHEAD_LINKS, SPECULATION_RULES } from "../lib/speculation-rules.ts";

/**
 * The next page is in the browser before the tap. Where the engine has speculation rules (Chromium), they
 * prerender a link the pointer rests on or presses (src/lib/speculation-rules.ts), and prefetch it when Chromium
 * declines to prerender, as it does under automation; elsewhere (Firefox, Safari) this module fetches the document
 * of a link the pointer rests on or presses into the HTTP cache. In every engine it fetches the document of a link
 * that takes keyboard focus, which the rules do not watch. Not both on one signal: a rel=prefetch started beside
 * Chromium's own prefetch downloads the page twice. The HTML is fresh in the HTTP cache for a few minutes
 * (cacheControl in src/lib/static-files.ts), so the tap neither downloads nor revalidates what was fetched.
 * rel=prefetch where the engine has it (lowest priority, and it outlives the page, so a tap that follows pointer down
 * at once joins it); WebKit has none and gets a plain fetch() into the same cache.
 */

/** A pointer passing over a link on its way elsewhere rests less than this on it; a reader aiming at it, longer. */
const HOVER_INTENT_MS = 80;

/**
 * On a touch screen nothing hovers, and the first sign of a tap is the finger landing on the link: a fetch started
 * then races the tap itself (a round trip against the ~100 ms a finger rests), and the new page may wait for it. So a
 * touch device also fetches a link of the page's content that has stayed in view this long (the reader stopped
 * scrolling there, and may tap it), and keeps its page to show it in this document on the tap
 * (src/client/page-swap.ts)...
 */
const IN_VIEW_MS = 1000;
/** ...but no more than this many per page: slowly scrolling a long list must not fetch all of it. */
const IN_VIEW_FETCHES = 3;

/**
 * Starts fetching ahead, unless the connection asks to save data. Call once per document; `whenIdle` runs what may
 * wait until the page has loaded what it shows. On a touch screen the documents of links left in view are fetched
 * by `keep` (src/client/page-swap.ts), which shows their page in this document when tapped; it says whether the
 * link counts as one of the page's fetches. Returns what to run for a page swapped in: the watch on its links in view,
 * which ends with the page's `signal`, as the first page's does with `signal`.
 */
export function fetchNextPages(
  doc: Document,
  connection: ConnectionFacts | undefined,
  whenIdle: (run: () => void) => void = (run) => run(),
  keep?: (href: string) => boolean,
  signal?: AbortSignal,
): (signal?: AbortSignal) => void {
  if (!mayFetchAhead(connection)) return () => undefined;
  const speculates = HTMLScriptElement.supports?.("speculationrules") === true;
  if (speculates) {
    const rules = doc.createElement("script");
    rules.type = "speculationrules";
    rules.textContent = SPECULATION_RULES;
    doc.head.append(rules);
  }
  const fetched = new Set<string>();
  const prefetches = doc.createElement("link").relList.supports("prefetch");
  /**
   * True when it started a fetch (a link fetched already, or not to be fetched, starts none); `keep` fetches and keeps
   * the document instead of leaving it to the HTTP cache.
   */
  const fetchAhead = (target: EventTarget | null, keep?: (href: string) => boolean): boolean => {
    const link = target instanceof Element ? target.closest("a[href]") : null;
    if (!(link instanceof HTMLAnchorElement)) return false;
    const href = addressToFetchAhead(link.href, new URL(doc.URL), link.matches(NOT_FETCHED_AHEAD_LINKS));
    if (!href) return false;
    if (keep) return keep(href);
    if (fetched.has(href)) return false;
    fetched.add(href);
    if (prefetches) {
      const prefetch = doc.createElement("link");
      prefetch.rel = "prefetch";
      prefetch.href = href;
      doc.head.append(prefetch);
    } else
      fetch(href, { credentials: "same-origin" })
        .then((response) => response.arrayBuffer()) // read to the end, so the cache keeps the whole document
        .catch(() => fetched.delete(href));
    return true;
  };
  // Keyboard focus only: a click focuses its link too, on the pointer down the rules (or the listener below) act on.
  doc.addEventListener("focusin", (event) => {
    if (event.target instanceof Element && event.target.matches(":focus-visible")) fetchAhead(event.target);
  });
  // Every engine: Chromium's rules act on pointer down at the earliest, which on a touch screen is the tap.
  const touch = doc.defaultView?.matchMedia("(hover: none)").matches === true;
  const watchInView = (signal?: AbortSignal) => fetchInView(doc, (link) => fetchAhead(link, keep), signal);
  if (touch) whenIdle(() => watchInView(signal));
  if (!speculates) {
    let resting: ReturnType<typeof setTimeout> | undefined;
    // The pointer moving on to anything else cancels the wait: pointerover fires on whatever it enters next.
    doc.addEventListener("pointerover", (event) => {
      clearTimeout(resting);
      resting = setTimeout(() => fetchAhead(event.target), HOVER_INTENT_MS);
    });
    doc.addEventListener("pointerdown", (event) => fetchAhead(event.target), { passive: true });
  }
  return touch ? watchInView : () => undefined;
}

/**
 * Fetches the content links (in <main>) that stay wholly in view IN_VIEW_MS, up to IN_VIEW_FETCHES of them; `fetchAhead`
 * says whether it started a fetch (a link fetched already, or not to be fetched, uses up nothing). Stops when `signal`
 * ends: the links of a page swapped out are no longer there to tap.
 */
export function fetchInView(doc: Document, fetchAhead: (link: Element) => boolean, signal?: AbortSignal): void {
  const view = doc.defaultView;
  if (!view || !("IntersectionObserver" in view) || signal?.aborted) return;
  let left = IN_VIEW_FETCHES;
  const waits = new Map<Element, ReturnType<typeof setTimeout>>();
  standBack(view); // from now on, the inputs are seen
  const later = (target: Element, ms: number) =>
    void waits.set(
      target,
      setTimeout(() => fetchWhenQuiet(target), ms),
    );
  const fetchWhenQuiet = (target: Element) => {
    // A tap (or key) in the last moments: its answer is being drawn, and a fetch started now would stand in its way.
    const wait = standBack(view);
    if (wait > 0) return later(target, wait);
    waits.delete(target);
    observer.unobserve(target);
    if (fetchAhead(target)) left -= 1;
    if (left > 0) return;
    observer.disconnect();
    for (const pending of waits.values()) clearTimeout(pending);
  };
  const observer = new view.IntersectionObserver(
    (entries) => {
      for (const { target, isIntersecting } of entries) {
        clearTimeout(waits.get(target));
        waits.delete(target);
        if (isIntersecting) later(target, IN_VIEW_MS);
      }
    },
    // Wholly in view: a link cut by the screen's edge is being scrolled past, not read.
    { threshold: 1 },
  );
  for (const link of doc.querySelectorAll("main a[href]")) observer.observe(link);
  signal?.addEventListener("abort", () => {
    observer.disconnect();
    for (const wait of waits.values()) clearTimeout(wait);
  });
}

/** The built page sheets' URLs (build/bundle.ts defines them for the loader); none where nothing defines them (tests). */
declare const __PAGE_SHEETS__: readonly string[] | undefined;
const PAGE_SHEETS: readonly string[] = typeof __PAGE_SHEETS__ === "undefined" ? [] : __PAGE_SHEETS__;

/**
 * The page sheets (src/lib/stylesheets.ts) of the pages this page links to that it does not link itself (the build
 * names them on <html data-next-sheets>, build/next-sheets.ts), fetched into the HTTP cache: call once the page is
 * idle. The next document comes from the cache (above), but a page of another kind would still wait a round trip for
 * its own sheet before it paints (on the phone profile about 150 ms of a 500–600 ms navigation). Not on the first sign
 * of someone at the page: on a phone that sign is often the tap on the link itself, too late to help it. Not where a
 * pointer hovers and the engine has speculation rules: the rest on a link prerenders its page, sheets and all. They
 * are hashed and cached for a year, so a visit pays for each once; never on Save-Data or 2g.
 */
export async function fetchPageSheets(
  doc: Document,
  connection: ConnectionFacts | undefined,
  sheets: readonly string[] = PAGE_SHEETS,
): Promise<void> {
  if (!mayFetchAhead(connection)) return;
  const hovers = doc.defaultView?.matchMedia("(hover: hover)").matches === true;
  if (hovers && HTMLScriptElement.supports?.("speculationrules") === true) return;
  const next = (doc.documentElement.dataset.nextSheets ?? "").split(" ").filter(Boolean);
  const prefetches = doc.createElement("link").relList.supports("prefetch");
  for (const href of next.flatMap((i) => sheets[Number(i)] ?? [])) {
    // One request a slice: starting one costs a ms or two on a phone, fifteen of them a tap's worth.
    await nextSlice();
    if (prefetches) {
      const prefetch = doc.createElement("link");
      prefetch.rel = "prefetch";
      prefetch.as = "style";
      prefetch.href = href;
      doc.head.append(prefetch);
    } else fetch(href).catch(() => undefined); // WebKit: into the same cache; a failure costs the later load nothing
  }
}
