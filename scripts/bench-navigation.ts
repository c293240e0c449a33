import "./require-node.ts";
import { parseArgs } from "node:util";
import type { Browser, CDPSession } from "playwright-core";
import { quietOverlays } from "../tests/e2e/first-tap-controls.ts";
import {
  kb,
  loadAverage,
  median,
  NAVIGATIONS,
  type Navigation,
  only,
  PHONE,
  row,
  runEach,
  settle,
  throttle,
  writeJson,
} from "./bench-site.ts";

/**
 * `npm run bench:navigation`: how long a visitor on a phone waits for the next page after tapping an
 * internal link, and how many bytes of that page are fetched only after the finger touched the screen. It serves an
 * existing build (it builds nothing) with `npm start`'s server and drives Chromium on the phone profile (390×844,
 * touch, CPU 4× slower, 150 ms latency, 1.6 Mbit/s each way, through CDP). Each run is a fresh context (cold cache):
 * the page loads, the link is scrolled into view, the visitor reads for 2 s after the load event, then taps it with
 * a real touch (CDP Input.dispatchTouchEvent: the finger rests HOLD_MS, as a person's tap does, then lifts).
 *
 * How the time is taken. Both ends are read inside the pages, on one clock: each page's `performance.timeOrigin`
 * plus a time on its own timeline is a wall-clock time in milliseconds with sub-millisecond precision, comparable
 * across documents of one browser. The old page records its `touchend` (the moment the tap completes and the link
 * activates) in sessionStorage, which survives a same-origin navigation in the tab. An init script in the new page
 * then notes when its `<h1>` was painted (Element Timing: the script marks the heading with `elementtiming` as the
 * parser inserts it, and the entry's renderTime is the paint that drew its text, after the stylesheets and any font
 * it waits for; an animation frame in which the heading is merely laid out can come hundreds of ms earlier), its
 * first contentful paint and its largest contentful paint (Paint Timing and LCP entries, buffered). The columns are
 * those times minus the tap. A page swapped with a cross-document view transition counts from the frame its
 * `<h1>` is drawn in, while the transition's cross-fade is still under way.
 *
 * A page shown in the document the tap was in (src/client/page-swap.ts: on a touch screen, a link whose page was
 * fetched ahead) is timed by the same recorder, started in the old page at the touchend: its `<h1>` is marked as the
 * swap inserts it. Such a page has no paint or LCP entries of its own (the document's are from before the tap, and LCP
 * stops at the first input), so those columns are empty; its "document from" is "swap".
 *
 * How the bytes are counted. CDP's Network domain sees every request for the next page's URL, whatever fetched it
 * (the navigation, a rel=prefetch, a fetch()): its encoded bytes, split into those requested before the finger touched
 * the screen and those from the touch on (a fetch started on touchstart counts after), until the network has been
 * quiet for 2 s. Only requests that went to the server count: one answered by the HTTP cache or by Chromium's prefetch
 * cache has no raw response headers to report (CDP responseReceivedExtraInfo) and adds 0 bytes, though CDP gives it
 * the body's encoded length again; a revalidation adds its headers.
 *
 * What the driven browser pays that a visitor's does not, on a page load (a swap pays none of it). Playwright starts Chromium with the back/forward cache and
 * paint holding off, so the page being left is torn down while the next one waits to commit. And a trace shows the
 * page being left restyled and repainted in full, on screen and off, once the next page's view is made in the same
 * renderer (the reason given is "PlatformColorChange" on <html>), before the next page commits. A Chromium nothing
 * drives, tracing from its start (--trace-startup), shows no such restyle from home to a product page, nor between
 * two bare pages, where Playwright with its default context does. So the site has no remedy for that frame (skipping what is out of view
 * as the navigation starts would serve this benchmark, not visitors); a real Chrome's figure is bench:prerender's.
 *
 * The machine these numbers come from is shared and noisy: the load average is printed before and after; compare
 * runs made back to back, and read the spread, not only the median.
 *
 *   --dist DIR     the build to serve (default dist/)
 *   --runs N       runs per navigation; median, min and max are printed (default 5)
 *   --hold MS      how long the finger rests before lifting (default 100)
 *   --only IDS     comma-separated navigation ids (home-product, blog-article, about-contact, products-product)
 *   --json FILE    also writes every run there
 *   --port N       the site's port (default 4340; SES and DynamoDB emulators take the next two)
 */
const { values: args } = parseArgs({
  options: {
    dist: { type: "string", default: "dist" },
    runs: { type: "string", default: "5" },
    hold: { type: "string", default: "100" },
    only: { type: "string" },
    json: { type: "string" },
    port: { type: "string", default: "4340" },
  },
});
const runs = Math.max(1, Number(args.runs));
const holdMs = Math.max(0, Number(args.hold));
const navigations = only(NAVIGATIONS, args.only);

const READ_MS = 2000;
const QUIET_MS = 2000;
const TIMEOUT_MS = 60_000;

/** What the new page's recorder holds: wall-clock times (timeOrigin + page time), null until seen. */
interface NavTimes {
  tap: number;
  h1: number | null;
  fcp: number | null;
  lcp: number | null;
}
type WithNavTimes = { __benchNav?: NavTimes };

/**
 * Runs at the start of every document. The old page records the tap; the page it leads to records when its <h1>,
 * first paint and largest paint were drawn (see the doc comment at the top).
 */
function installNavRecorder(): void {
  const key = "bench-navigation";
  /** Notes when the next page's <h1>, first paint and largest paint are drawn, as wall-clock times after `tapAt`. */
  const record = (tapAt: number) => {
    const times: NavTimes = { tap: tapAt, h1: null, fcp: null, lcp: null };
    (window as WithNavTimes).__benchNav = times;
    const after = (pageTime: number) => performance.timeOrigin + pageTime > tapAt;
    // Element Timing reports when the heading's text was painted (after its font, if any, arrived), which a frame in
    // which it is laid out does not: the attribute is set as the parser (or a same-document swap) inserts the element,
    // before any paint.
    new MutationObserver((records, observer) => {
      for (const record of records)
        for (const node of record.addedNodes) {
          const h1 =
            node instanceof HTMLHeadingElement && node.localName === "h1"
              ? node
              : node instanceof Element
                ? node.querySelector("h1")
                : null;
          if (!h1) continue;
          h1.setAttribute("elementtiming", "bench-h1");
          observer.disconnect();
          return;
        }
    }).observe(document, { childList: true, subtree: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { identifier?: string; renderTime?: number })[])
        if (entry.identifier === "bench-h1" && times.h1 === null)
          times.h1 = performance.timeOrigin + (entry.renderTime || entry.startTime);
    }).observe({ type: "element", buffered: true });
    // In a page swapped into the same document, the paints before the tap are the old page's: not counted.
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (entry.name === "first-contentful-paint" && after(entry.startTime))
          times.fcp = performance.timeOrigin + entry.startTime;
    }).observe({ type: "paint", buffered: true });
    new PerformanceObserver((list) => {
      const last = list.getEntries().at(-1);
      if (last && after(last.startTime)) times.lcp = performance.timeOrigin + last.startTime;
    }).observe({ type: "largest-contentful-paint", buffered: true });
  };
  addEventListener(
    "touchend",
    (event) => {
      const at = performance.timeOrigin + event.timeStamp;
      sessionStorage.setItem(key, JSON.stringify({ at, from: location.href }));
      // A tap that swaps the next page into this document: the same recorder, from the tap on.
      record(at);
    },
    { capture: true, passive: true },
  );
  const stored = sessionStorage.getItem(key);
  if (stored === null) return;
  const tap = JSON.parse(stored) as { at: number; from: string };
  if (tap.from === location.href) return;
  record(tap.at);
}
/** As an init script's source, with a stand-in for tsx's `__name` helper (see first-tap-controls.ts). */
const RECORDER_SCRIPT = `var __name = (fn) => fn; (${installNavRecorder.toString()})();`;

interface Run {
  path: string;
  h1Ms: number | null;
  fcpMs: number | null;
  lcpMs: number | null;
  /** Bytes of the next page's URL requested before the touch (a prefetch) and from the touch on. */
  bytesBefore: number;
  bytesAfter: number;
  /**
   * Where the navigation's document came from: the network, the HTTP cache, a 304; or "swap" when the page was shown
   * in the document the tap was in, from the document fetched ahead (src/client/page-swap.ts).
   */
  served: "network" | "cache" | "304" | "swap" | "?";
  error?: string;
}

const samePath = (url: string, pathname: string) => {
  const strip = (p: string) => (p.length > 1 ? p.replace(/\/$/, "") : p);
  return strip(new URL(url).pathname) === strip(pathname);
};

/** Counts the bytes of one URL through CDP, split at `touch()`, and notes how the navigation was answered. */
async function watchDocument(cdp: CDPSession) {
  let target: string | undefined;
  let touched = false;
  let lastActivity = Date.now();
  const requests = new Map<string, { after: boolean; bytes: number; done: boolean }>();
  const wentOut = new Set<string>();
  let served: Run["served"] = "?";
  cdp.on("Network.requestWillBeSent", (event) => {
    lastActivity = Date.now();
    if (target && samePath(event.request.url, target))
      requests.set(event.requestId, { after: touched, bytes: 0, done: false });
  });
  cdp.on("Network.responseReceived", (event) => {
    if (!requests.has(event.requestId) || event.type !== "Document") return;
    const { response } = event;
    served =
      response.status === 304 ? "304" : response.fromDiskCache || response.fromPrefetchCache ? "cache" : "network";
  });
  const finish = (requestId: string, bytes: number) => {
    lastActivity = Date.now();
    const request = requests.get(requestId);
    if (!request) return;
    request.bytes = bytes;
    request.done = true;
  };
  cdp.on("Network.responseReceivedExtraInfo", (event) => wentOut.add(event.requestId));
  cdp.on("Network.loadingFinished", (event) => finish(event.requestId, event.encodedDataLength));
  cdp.on("Network.loadingFailed", (event) => finish(event.requestId, 0));
  return {
    watch: (pathname: string) => {
      target = pathname;
    },
    touch: () => {
      touched = true;
    },
    quiet: async () => {
      await settle(
        () => [...requests.values()].some((request) => !request.done),
        () => lastActivity,
        QUIET_MS,
      );
      const sum = (after: boolean) =>
        [...requests]
          .filter(([id, r]) => r.after === after && wentOut.has(id))
          .reduce((total, [, r]) => total + r.bytes, 0);
      return { bytesBefore: sum(false), bytesAfter: sum(true), served };
    },
  };
}

async function measure(browser: Browser, nav: Navigation, baseURL: string): Promise<Run> {
  const context = await browser.newContext({ ...PHONE.context, baseURL });
  try {
    await context.addInitScript(quietOverlays, false);
    await context.addInitScript({ content: RECORDER_SCRIPT });
    const page = await context.newPage();
    const cdp = await throttle(page, PHONE);
    const network = await watchDocument(cdp);
    await page.goto(nav.from, { waitUntil: "load", timeout: 120_000 });
    const link = page.locator(nav.link).filter({ visible: true }).first();
    const href = await link.getAttribute("href");
    if (!href) throw new Error(`${nav.from}: no visible ${nav.link}`);
    network.watch(href);
    await link.scrollIntoViewIfNeeded();
    await page.waitForTimeout(READ_MS);
    const box = await link.boundingBox();
    if (!box) throw new Error(`${nav.from}: ${nav.link} has no box`);
    const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    network.touch();
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point] });
    await new Promise((resolve) => setTimeout(resolve, holdMs));
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await page.waitForURL((url) => samePath(url.href, href), { timeout: TIMEOUT_MS });
    await page.waitForFunction(() => (window as WithNavTimes).__benchNav?.h1 != null, undefined, {
      timeout: TIMEOUT_MS,
    });
    const { bytesBefore, bytesAfter, served: loaded } = await network.quiet();
    const times = await page.evaluate(() => (window as WithNavTimes).__benchNav);
    // The document still the one `from` loaded: the page was swapped into it.
    const loadedAs = await page.evaluate(() => performance.getEntriesByType("navigation")[0]?.name ?? "");
    const served = samePath(loadedAs, nav.from) ? "swap" : loaded;
    if (!times) throw new Error(`${href}: the recorder did not run`);
    const since = (at: number | null) => (at === null ? null : Math.round((at - times.tap) * 10) / 10);
    return {
      path: href,
      h1Ms: since(times.h1),
      fcpMs: since(times.fcp),
      lcpMs: since(times.lcp),
      bytesBefore,
      bytesAfter,
      served,
    };
  } finally {
    await context.close();
  }
}

const spread = (values: number[]) =>
  values.length
    ? `${Math.round(median(values))} (${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))})`
    : "—";

const loadAtStart = loadAverage();
console.log(
  `Load average ${loadAtStart} at the start (shared machine: expect noise); ${runs} runs per navigation, serving ${args.dist}, finger held ${holdMs} ms.`,
);
const results = await runEach({
  dist: args.dist,
  port: Number(args.port),
  items: navigations,
  runs,
  measure,
  failed: (error): Run => ({
    path: "?",
    h1Ms: null,
    fcpMs: null,
    lcpMs: null,
    bytesBefore: 0,
    bytesAfter: 0,
    served: "?",
    error,
  }),
  line: (nav, i, last) =>
    `${nav.id} run ${i}: ${last.error ?? `${last.path} h1 ${last.h1Ms} ms, LCP ${last.lcpMs} ms, ${kb(last.bytesBefore)} KB before / ${kb(last.bytesAfter)} KB after the touch, ${last.served}`}`,
});

const numbers = (done: Run[], pick: (run: Run) => number | null) =>
  done.flatMap((run) => {
    const value = pick(run);
    return value === null ? [] : [value];
  });
console.log(
  `\n${row(["navigation", "tap → h1 ms", "tap → FCP ms", "tap → LCP ms", "doc KB before touch", "doc KB after touch", "document from", "failed"])}`,
);
console.log(row(["---", "---:", "---:", "---:", "---:", "---:", "---", "---:"]));
for (const { item: nav, runs: done } of results) {
  const counts = new Map<string, number>();
  for (const run of done) counts.set(run.served, (counts.get(run.served) ?? 0) + 1);
  const served = [...counts].map(([from, count]) => `${from} ×${count}`).join(", ");
  console.log(
    row([
      nav.title,
      spread(numbers(done, (run) => run.h1Ms)),
      spread(numbers(done, (run) => run.fcpMs)),
      spread(numbers(done, (run) => run.lcpMs)),
      kb(median(done.map((run) => run.bytesBefore))),
      kb(median(done.map((run) => run.bytesAfter))),
      served,
      done.filter((run) => run.error).length,
    ]),
  );
}
const loadAtEnd = loadAverage();
console.log(`\nMedian (min–max) of ${runs}. Load average ${loadAtEnd} at the end.`);
await writeJson(args.json, {
  dist: args.dist,
  runs,
  holdMs,
  loadAverage: { start: loadAtStart, end: loadAtEnd },
  profile: PHONE,
  readMs: READ_MS,
  quietMs: QUIET_MS,
  navigations: results.map(({ item, runs: done }) => ({ ...item, runs: done })),
});
