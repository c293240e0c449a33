/**
 * The only script every page loads eagerly, with what every page needs (a page's own code is a page module of that
 * page: the list filters, home's carousels and explorer). It runs the platform controls (menus, dialogs, tabs:
 * src/client/controls.ts), so no tap on them waits for a download, and arms the islands in the page
 * (src/client/island-runtime.ts): each waits for its trigger before importing its chunk (and with it React), holds
 * the visitor's clicks until then, and leaves its server HTML working if it fails. It also applies URL preselections to forms, runs the header's theme
 * switch, notes what brought the visitor (kept for the session only with analytics consent: src/client/lead-source.ts)
 * and reports marketplace buy-link clicks to the data layer, without React. And it has the next page fetched before
 * the tap that opens it (src/client/next-page.ts), and on a touch screen shown in this document (src/client/page-swap.ts):
 * what runs for each page is in `startPage`, the rest once per document.
 */
import { hasAnalyticsConsent } from "../lib/analytics-consent.ts";
import type { ConnectionFacts } from "../lib/connection.ts";
import { whenActivated } from "./activation.ts";
import { aheadSlice, nextSlice } from "./ahead.ts";
import { enhanceControls, startControls } from "./controls.ts";
import { ISLANDS_ADDED_EVENT, presetFromUrl, type RuntimeEnv, startIslands } from "./island-runtime.ts";
import { listenForItemLinks } from "./item-links.ts";
import { currentPage, keepSource } from "./lead-source.ts";
import { fetchNextPages, fetchPageSheets } from "./next-page.ts";
import type { PageSwaps, startPageSwaps } from "./page-swap.ts";
import { listenForSearchShortcut } from "./search-shortcut.ts";
import { startThemeSwitch } from "./theme-switch.ts";

/** What the browser says of the connection (Chromium only), read when asked: it changes as the visitor moves. */
const connection = () => (navigator as Navigator & { connection?: ConnectionFacts }).connection;

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/**
 * Resolves once what the waking tap opened is on screen: the next frame drawn, then the fade-in it started finished
 * (bounded, and soon in a tab that draws no frames). An island woken by the tap that opened its dialog starts loading
 * only behind the open dialog, never competing with it.
 */
const afterAnswerShows = () =>
  Promise.race([
    nextFrame().then(() => {
      const ending = document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
      return Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
    }),
    new Promise((resolve) => setTimeout(resolve, 400)),
  ]);

/** Wakes on the first sign that someone is at the page. Document scrolls only (no capture): a carousel's autoplay
 * scrolls its own strip, and that is nobody. Stops waiting when `signal` ends (the page is swapped out). */
const whenPresent = (wake: () => void, signal?: AbortSignal) => {
  const signs = ["pointermove", "scroll", "keydown", "touchstart"] as const;
  const seen = () => {
    for (const name of signs) removeEventListener(name, seen);
    wake();
  };
  for (const name of signs) addEventListener(name, seen, { passive: true, signal });
};

const prefetched = new Set<string>();

const browser: RuntimeEnv = {
  load: (src) => afterAnswerShows().then(() => import(src)),
  events: window,
  // Recorded by src/client/island-events.ts; read here directly so the loader shares no chunk with the islands.
  fired: (name) => globalThis.siteIslandEvents?.includes(name) ?? false,
  search: location.search,
  stored: (key) => {
    try {
      return localStorage.getItem(key) !== null;
    } catch {
      return false; // storage can be blocked; then there is nothing to restore
    }
  },
  // In a slice of its own that gives way to the visitor's input (src/client/ahead.ts): what waits for idle is work
  // done ahead, which must never delay a tap.
  whenIdle: (wake) => {
    const whenIdle = () => void aheadSlice().then(wake);
    // A prerendered page is idle for the visitor once shown; until then it may never be.
    whenActivated(() => {
      if (document.readyState === "complete") whenIdle();
      else addEventListener("load", whenIdle, { once: true });
    });
  },
  // The wrapper is display: contents and has no box, so its children are observed (as Astro's visible.ts does).
  whenVisible: (el, wake) => {
    const targets = el.querySelector("island-root")?.children ?? [];
    if (!("IntersectionObserver" in window) || targets.length === 0) return wake();
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          wake();
        }
      },
      { rootMargin: "200px" },
    );
    for (const target of targets) observer.observe(target);
  },
  whenPresent,
  whenOpenerReached: (dialog, wake) => {
    const openers = [...document.querySelectorAll<HTMLElement>(`[commandfor="${CSS.escape(dialog.id)}"]`)].filter(
      (control) => !dialog.contains(control),
    );
    // Keyboard focus only (:focus-visible): the focus a tap gives the control comes with the tap's own click.
    if (openers.some((control) => control.matches(":hover, :focus-visible"))) return wake();
    const reach = (event: Event) => {
      if ((event as Partial<PointerEvent>).pointerType === "touch") return;
      if (event.type === "focusin" && !(event.currentTarget as Element).matches(":focus-visible")) return;
      for (const control of openers) {
        control.removeEventListener("pointerover", reach);
        control.removeEventListener("focusin", reach);
      }
      wake();
    };
    for (const control of openers) {
      control.addEventListener("pointerover", reach, { passive: true });
      control.addEventListener("focusin", reach, { passive: true });
    }
  },
  // Chromium's Network Information API; other engines have none, and say nothing against fetching ahead.
  connection,
  whenMedia: (query, wake) => {
    const mql = matchMedia(query);
    if (mql.matches) wake();
    else {
      const onChange = (event: MediaQueryListEvent) => {
        if (!event.matches) return;
        mql.removeEventListener("change", onChange);
        wake();
      };
      mql.addEventListener("change", onChange, { signal: browser.signal });
    }
  },
  log: (message, error) => console.error(message, error),
  // rel=prefetch: lowest priority, into the HTTP cache, not run; an engine without it simply skips it. Once per
  // document: the pages swapped in after this one ask for the same chunks, and the head would grow with each.
  prefetch: (href) => {
    if (prefetched.has(href)) return;
    prefetched.add(href);
    const link = document.createElement("link");
    link.rel = "prefetch";
    link.as = "script";
    link.href = href;
    document.head.append(link);
  },
};

/**
 * The page in the document ends when another is swapped in (src/client/page-swap.ts): what it started on the window,
 * the document or a shared object (listeners, observers, timers) ends with this signal, so nothing of a page left keeps
 * its body alive.
 */
let pageLife = new AbortController();

declare global {
  /** The page shown's lifetime (above), for the page modules (src/client/filters.ts), which share no code with this. */
  var sitePageSignal: AbortSignal | undefined;
}

const startPage = () => {
  pageLife.abort();
  pageLife = new AbortController();
  browser.signal = pageLife.signal;
  globalThis.sitePageSignal = pageLife.signal;
  presetFromUrl(document, location.search);
  startIslands(document.querySelectorAll<HTMLElement>("site-island"), browser);
};

startControls(document);
// Islands a page module put in place (the explorer's panel), in whichever page is shown.
document.addEventListener(ISLANDS_ADDED_EVENT, ({ target }) => {
  if (target instanceof Element) startIslands(target.querySelectorAll<HTMLElement>("site-island"), browser);
});
startThemeSwitch(document.documentElement);
startPage();
listenForSearchShortcut(document);
// Noted once the page is shown: a prerendered page's session storage is not the visit's until then.
whenActivated(() => keepSource(hasAnalyticsConsent(document.documentElement), currentPage()));
listenForItemLinks(document);
/** The page swap module's URL (build/bundle.ts defines it for the loader). */
declare const __PAGE_SWAP__: string;
let swaps: Promise<PageSwaps> | undefined;
/**
 * On a touch screen, a page fetched ahead is kept to be shown in this document when tapped (src/client/page-swap.ts,
 * which ignores a page it keeps already). The code for it comes with the first such page: a screen that hovers never
 * needs it; if it cannot come, links open as usual.
 */
const keep = (href: string): boolean => {
  swaps ??= aheadSlice()
    .then(() => import(__PAGE_SWAP__) as Promise<{ startPageSwaps: typeof startPageSwaps }>)
    .then((module) =>
      module.startPageSwaps(document, {
        ahead: aheadSlice,
        nextSlice,
        showPage: enhanceControls,
        startPage: () => {
          startPage();
          watchLinksInView(pageLife.signal);
        },
      }),
    );
  swaps.then((started) => started.keep(href)).catch(() => undefined);
  return true;
};
const watchLinksInView = fetchNextPages(document, connection(), browser.whenIdle, keep, pageLife.signal);
// Once the page is idle (its own requests done): a visitor who taps a link without scrolling first would otherwise
// find the sheets not there (no sign of them until the tap itself), and a tap's answer shares its frame with no
// download (first-tap.spec: fetched here, they are part of the idle work before the visitor reads).
browser.whenIdle(() => void fetchPageSheets(document, connection()));
