import "./require-node.ts";
import { parseArgs } from "node:util";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import {
  act,
  answerShown,
  armRecorder,
  CONTROLS,
  type Control,
  type Profile,
  quietOverlays,
  RECORDER_SCRIPT,
  recording,
} from "../tests/e2e/first-tap-controls.ts";
import { kb, loadAverage, median, only, PHONE, row, runEach, settle, throttle, writeJson } from "./bench-site.ts";

/**
 * `npm run bench:interactions`: how long a visitor waits for the first answer of each control, and how
 * many bytes that first use fetches. It serves an existing build (it builds nothing) with `npm start`'s server and
 * drives Chromium:
 *   phone    390×844, touch, CPU slowed 4× and the network at 150 ms latency, 1.6 Mbit/s each way (CDP)
 *   desktop  1440×900, mouse, no throttling
 * Every run is a fresh browser context (cold cache). The page loads, the control is scrolled into view, the visitor
 * acts 1, 2 or 3 s after the load event (`--after`; no waiting for hydration). The time is from the input event's timestamp to the
 * first animation frame in which the answer is on screen, both measured in the page (tests/e2e/first-tap-controls.ts).
 * The bytes are the encoded sizes of responses to requests started after the input, until the answer is on screen
 * and the network has been quiet for 2 s. For typing, the clock starts at the first key and the bytes at the tap that
 * focuses the field; the time includes typing the further keys (100 ms each).
 *
 *   --dist DIR     the build to serve (default dist/)
 *   --runs N       runs per control; median, min and max are printed (default 5)
 *   --only IDS     comma-separated control ids (menu, contact, buy, …)
 *   --json FILE    also writes every run there
 *   --port N       the site's port (default 4330; SES and DynamoDB emulators take the next two)
 *   --after MS,…   when the visitor acts, in ms after the load event: each control is timed at each (default
 *                  1000,2000,3000: a first tap early, while the page's work ahead may still be running)
 */
const { values: args } = parseArgs({
  options: {
    dist: { type: "string", default: "dist" },
    runs: { type: "string", default: "5" },
    only: { type: "string" },
    json: { type: "string" },
    port: { type: "string", default: "4330" },
    after: { type: "string", default: "1000,2000,3000" },
  },
});
const delays = (args.after ?? "").split(",").map(Number);
if (delays.some((ms) => !Number.isFinite(ms) || ms < 0))
  throw new Error(`--after ${args.after}: give milliseconds after the load event, e.g. 1000,2000,3000`);
const runs = Math.max(1, Number(args.runs));
const controls = only(CONTROLS, args.only);

/** The quiet that ends the byte count. */
const QUIET_MS = 2000;
const ANSWER_TIMEOUT_MS = 30_000;

const PROFILES: Record<
  Profile,
  { context: BrowserContextOptions; cpuSlowdown: number; network?: { latency: number; bytesPerSecond: number } }
> = {
  phone: PHONE,
  desktop: { context: { viewport: { width: 1440, height: 900 } }, cpuSlowdown: 1 },
};

interface Run {
  /** Input to answer, ms; null when the answer did not show within the timeout. */
  ms: number | null;
  bytes: number;
  requests: string[];
  error?: string;
}

/** Network requests of the page seen through CDP, counted from `arm()` on. */
async function watchNetwork(page: Page, profile: Profile) {
  const cdp = await throttle(page, PROFILES[profile]);
  let armed = false;
  let lastActivity = Date.now();
  const counted = new Map<string, { url: string; bytes: number; done: boolean }>();
  cdp.on("Network.requestWillBeSent", (event) => {
    if (!armed || event.request.url.startsWith("data:")) return;
    lastActivity = Date.now();
    counted.set(event.requestId, { url: event.request.url, bytes: 0, done: false });
  });
  const finish = (requestId: string, bytes: number) => {
    const request = counted.get(requestId);
    if (!request) return;
    lastActivity = Date.now();
    request.bytes = bytes;
    request.done = true;
  };
  cdp.on("Network.loadingFinished", (event) => finish(event.requestId, event.encodedDataLength));
  cdp.on("Network.loadingFailed", (event) => finish(event.requestId, 0));
  return {
    arm: () => {
      armed = true;
    },
    /** Resolves once no counted request is in flight and nothing happened for QUIET_MS. */
    quiet: async () => {
      const requests = () => [...counted.values()];
      await settle(
        () => requests().some((request) => !request.done),
        () => lastActivity,
        QUIET_MS,
      );
      return {
        bytes: requests().reduce((sum, request) => sum + request.bytes, 0),
        requests: requests().map((request) => new URL(request.url).pathname),
      };
    },
  };
}

async function measure(browser: Browser, { control, after }: Timing, baseURL: string): Promise<Run> {
  const context = await browser.newContext({ ...PROFILES[control.profile].context, baseURL });
  try {
    await context.addInitScript(quietOverlays, control.showsCookieBanner ?? false);
    await context.addInitScript({ content: RECORDER_SCRIPT });
    const page = await context.newPage();
    const network = await watchNetwork(page, control.profile);
    await page.goto(control.path, { waitUntil: "load", timeout: 120_000 });
    const loaded = Date.now();
    await control.target(page).scrollIntoViewIfNeeded();
    await page.waitForTimeout(Math.max(0, loaded + after - Date.now()));
    await armRecorder(page, control);
    network.arm();
    await act(page, control);
    let error: string | undefined;
    try {
      await answerShown(page, ANSWER_TIMEOUT_MS);
    } catch {
      error = `no answer within ${ANSWER_TIMEOUT_MS / 1000} s`;
    }
    const { inputAt, visibleAt } = await recording(page);
    const { bytes, requests } = await network.quiet();
    // A change made in the input's own task can land in a frame whose start time precedes the event: count it as 0.
    const ms = inputAt !== null && visibleAt !== null ? Math.max(0, visibleAt - inputAt) : null;
    return { ms, bytes, requests, ...(error ? { error } : {}) };
  } finally {
    await context.close();
  }
}

/** A control timed at one delay after the load event. */
interface Timing {
  control: Control;
  after: number;
}

const loadAtStart = loadAverage();
console.log(`Load average ${loadAtStart} at the start; ${runs} runs per control, serving ${args.dist}.`);
const results = await runEach({
  dist: args.dist,
  port: Number(args.port),
  items: controls.flatMap((control) => delays.map((after): Timing => ({ control, after }))),
  runs,
  measure,
  failed: (error): Run => ({ ms: null, bytes: 0, requests: [], error }),
  line: ({ control, after }, i, last) =>
    `${control.id} at ${after} ms run ${i}: ${last.ms === null ? (last.error ?? "no answer") : `${Math.round(last.ms)} ms`}, ${kb(last.bytes)} KB`,
});

const summary = results.map(({ item: { control, after }, runs: done }) => {
  const times = done.flatMap((run) => (run.ms === null ? [] : [run.ms]));
  const failed = done.length - times.length;
  return {
    id: control.id,
    control: control.title,
    profile: control.profile,
    path: control.path,
    afterMs: after,
    medianMs: times.length ? Math.round(median(times)) : null,
    minMs: times.length ? Math.round(Math.min(...times)) : null,
    maxMs: times.length ? Math.round(Math.max(...times)) : null,
    failed,
    medianKb: Number(kb(median(done.map((run) => run.bytes)))),
    runs: done.map((run) => ({ ...run, ms: run.ms === null ? null : Math.round(run.ms * 10) / 10 })),
  };
});

console.log(`\n${row(["control", "after load", "median ms", "min–max", "KB after input"])}`);
console.log(row(["---", "---:", "---:", "---:", "---:"]));
for (const line of summary) {
  const label = `${line.control}${line.profile === "desktop" ? " (desktop)" : ""}`;
  const range = line.minMs === null ? "—" : `${line.minMs}–${line.maxMs}`;
  const median = line.medianMs === null ? "no answer" : String(line.medianMs);
  console.log(
    row([
      label,
      `${line.afterMs / 1000} s`,
      line.failed ? `${median} (${line.failed} of ${runs} no answer)` : median,
      range,
      line.medianKb.toFixed(1),
    ]),
  );
}
const loadAtEnd = loadAverage();
console.log(`\nLoad average ${loadAtEnd} at the end.`);
await writeJson(args.json, {
  dist: args.dist,
  runs,
  loadAverage: { start: loadAtStart, end: loadAtEnd },
  profiles: PROFILES,
  afterMs: delays,
  quietMs: QUIET_MS,
  controls: summary,
});
