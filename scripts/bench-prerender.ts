import "./require-node.ts";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import {
  launchChromium,
  pointer,
  type RecordingProxy,
  reportOf,
  startRecordingProxy,
} from "../tests/cross-engine/chromium-driverless.ts";
import { startXvfb } from "../tests/cross-engine/xvfb.ts";
import { median, NAVIGATIONS, type Navigation, PHONE, startSite, stopSite } from "./bench-site.ts";

/**
 * `npm run bench:prerender`: what a visitor's Chromium shows after a click on an internal link, measured
 * in a driverless Chromium (nothing attached to it). `npm run bench:navigation` drives Chromium through the DevTools
 * protocol, and any DevTools client turns prerendering off (the Preload domain reports PrerenderingDisabledByDevTools),
 * so it can only time the fallback: a full load of a document fetched ahead. Visitors' Chrome has no such client, and
 * the speculation rules (src/lib/speculation-rules.ts) prerender the link a pointer rests on. This benchmark runs that.
 *
 * How (tests/cross-engine/chromium-driverless.ts, which the prerender smoke in `npm test` also uses). Chromium runs
 * as an app window on Xvfb, a fresh profile per run (cold cache), behind a proxy in front of `npm start`'s server that
 * delays each request by the phone profile's latency, holds each response as long as its gzipped bytes take at its
 * bandwidth (per response, not one shared link), and adds a recorder to every page. The recorder reports the link's
 * place on the screen, the click, and on the next page whether it was prerendered, when it was activated, and when its
 * `<h1>` and largest paint were drawn (Element Timing and LCP, as bench:navigation reads them). The pointer is real X
 * input: it moves onto the link, rests, and clicks. A mouse, not a finger: Chrome on Android starts a moderate
 * prerender from other signals (pointer down, links in view), which X input cannot give.
 *
 * The CPU. DevTools' 4× slowdown needs DevTools; instead all the browser's processes share a CPU cgroup limited to a
 * fraction of one core (--cpu, default 0.5). That is not the same slow phone: DevTools slows the page's main thread
 * only, the cgroup slows everything together (the browser process, the compositor, the prerender itself), and a phone
 * has several slow cores; so compare --cpu settings with each other, not with bench:navigation. A cgroup needs root on
 * Linux; without one the browser runs at full speed and the report says so.
 *
 * Needs Linux with Xvfb and xdotool (Debian: apt-get install xvfb xdotool) and Chromium (/usr/bin/chromium or
 * CHROMIUM_PATH).
 *
 *   --dist DIR     the build to serve (default dist/)
 *   --runs N       runs per navigation (default 5)
 *   --rest MS      how long the pointer rests on the link before the click (default 1000)
 *   --cpu F        the browser's share of one core, 0 for no limit (default 0.5)
 *   --only IDS     comma-separated navigation ids (home-product, blog-article, about-contact, products-product)
 *   --port N       the site's port (default 4360); SES and DynamoDB take the next two
 */
const { values: args } = parseArgs({
  options: {
    dist: { type: "string", default: "dist" },
    runs: { type: "string", default: "5" },
    rest: { type: "string", default: "1000" },
    cpu: { type: "string", default: "0.5" },
    only: { type: "string" },
    port: { type: "string", default: "4360" },
  },
});
const runs = Math.max(1, Number(args.runs));
const restMs = Math.max(0, Number(args.rest));
const cpuShare = Math.max(0, Number(args.cpu));
const sitePort = Number(args.port);
const only = args.only?.split(",");
const navigations = only ? NAVIGATIONS.filter((nav) => only.includes(nav.id)) : NAVIGATIONS;
if (navigations.length === 0)
  throw new Error(`--only ${args.only}: no such navigation; ids are ${NAVIGATIONS.map((n) => n.id).join(", ")}`);

/** A CPU cgroup holding the browser to part of one core. */
interface CpuGroup {
  /** The file a process writes its pid to, to join. */
  tasks: string;
  /** Ends every process in the group (a closed browser's renderers outlive it for a moment): between runs. */
  empty(): Promise<void>;
  remove(): Promise<void>;
}

/**
 * A group holding the browser to `share` of one core, or undefined when none can be made (not Linux, not root, no cpu
 * controller): checked by moving a process in.
 */
function cpuGroup(share: number): CpuGroup | undefined {
  if (share <= 0) return undefined;
  const name = `bench-prerender-${process.pid}`;
  const period = 100_000;
  const quota = String(Math.max(1_000, Math.round(share * period)));
  const v1 = existsSync("/sys/fs/cgroup/cpu/cpu.cfs_quota_us");
  const dir = v1 ? `/sys/fs/cgroup/cpu/${name}` : `/sys/fs/cgroup/${name}`;
  const tasks = path.join(dir, v1 ? "tasks" : "cgroup.procs");
  const pids = () => {
    try {
      return readFileSync(tasks, "utf8").split("\n").filter(Boolean).map(Number);
    } catch {
      return [];
    }
  };
  const empty = async () => {
    for (let tries = 0; tries < 50 && pids().length > 0; tries++) {
      for (const pid of pids()) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // gone already
        }
      }
      await sleep(100);
    }
  };
  try {
    if (!v1 && !readFileSync("/sys/fs/cgroup/cgroup.controllers", "utf8").split(" ").includes("cpu")) return undefined;
    mkdirSync(dir);
  } catch {
    return undefined; // not allowed here: run unlimited, and say so
  }
  try {
    if (v1) {
      writeFileSync(path.join(dir, "cpu.cfs_period_us"), String(period));
      writeFileSync(path.join(dir, "cpu.cfs_quota_us"), quota);
    } else writeFileSync(path.join(dir, "cpu.max"), `${quota} ${period}`);
    // A process can join (the browser will, the same way): a group that cannot be joined would limit nothing.
    execFileSync("sh", ["-c", `echo $$ > "${tasks}"`]);
  } catch {
    rmdirSync(dir);
    return undefined;
  }
  return {
    tasks,
    empty,
    remove: async () => {
      await empty();
      try {
        rmdirSync(dir);
      } catch {
        console.error(`could not remove the cgroup ${dir}; remove it with rmdir once its processes have ended`);
      }
    },
  };
}

const READ_MS = 2000;
const TIMEOUT_MS = 60_000;

interface Run {
  page: string;
  prerendered: boolean;
  /** To the prerendered page's activation, or to the navigation's start for a page loaded on the click. */
  startMs: number;
  h1Ms: number | null;
  lcpMs: number | null;
  /** Requests for the next page's document from the click on. */
  documentsAfter: number;
  error?: string;
}

async function measure(nav: Navigation, proxy: RecordingProxy, display: string, group?: CpuGroup): Promise<Run> {
  proxy.reset();
  const { width, height } = PHONE.context.viewport;
  const browser = launchChromium({ url: `${proxy.url}${nav.from}`, display, width, height, cpuTasks: group?.tasks });
  try {
    const found = await browser.watch(
      proxy.next(`${nav.from} shows its link`, reportOf(nav.from, "link", "no-link"), TIMEOUT_MS),
    );
    if (found.kind === "no-link") throw new Error(`${nav.from}: no visible ${nav.link}`);
    const mouse = pointer(display);
    await mouse.moveTo(found.x, found.y);
    await sleep(restMs);
    const clickedAt = Date.now();
    await mouse.click();
    const click = await browser.watch(proxy.next(`the click on ${nav.from}`, reportOf(nav.from, "click"), TIMEOUT_MS));
    const shown = await browser.watch(
      proxy.next(`the click shows ${found.href}`, reportOf(found.href, "shown"), TIMEOUT_MS),
    );
    // Page times against the click's page time (the browser's clock); requests against clickedAt (this process's).
    const since = (at: number | null) => (at === null ? null : Math.round((at - click.at) * 10) / 10);
    return {
      page: found.href,
      prerendered: shown.prerendered,
      startMs: since(shown.start) ?? 0,
      h1Ms: since(shown.h1),
      lcpMs: since(shown.lcp),
      documentsAfter: proxy.served.filter((entry) => entry.page === found.href && entry.at >= clickedAt).length,
    };
  } finally {
    await browser.close();
    // Renderers of this run must not spend the next run's share.
    await group?.empty();
  }
}

const loadAtStart = loadavg();
const site = await startSite(args.dist, { site: sitePort, ses: sitePort + 1, dynamo: sitePort + 2 });
const results: { nav: Navigation; runs: Run[] }[] = [];
const group = cpuGroup(cpuShare);
// Ctrl-C: the group must not outlive the benchmark (finally blocks do not run on a signal).
process.once("SIGINT", () => {
  site.kill("SIGTERM");
  group?.remove().finally(() => process.exit(130));
});
let xvfb: Awaited<ReturnType<typeof startXvfb>> | undefined;
try {
  xvfb = await startXvfb();
  for (const nav of navigations) {
    const proxy = await startRecordingProxy({
      upstream: new URL(`http://127.0.0.1:${sitePort}`),
      link: nav.link,
      readMs: READ_MS,
      latencyMs: PHONE.network.latency,
      bytesPerSecond: PHONE.network.bytesPerSecond,
    });
    const done: Run[] = [];
    for (let i = 0; i < runs; i += 1) {
      try {
        done.push(await measure(nav, proxy, xvfb.display, group));
      } catch (error) {
        const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
        done.push({
          page: "?",
          prerendered: false,
          startMs: 0,
          h1Ms: null,
          lcpMs: null,
          documentsAfter: 0,
          error: message,
        });
      }
      const last = done.at(-1);
      process.stderr.write(
        `  ${nav.id} run ${i + 1}: ${last?.error ?? `${last?.page} ${last?.prerendered ? "prerendered" : "loaded"}, start ${last?.startMs} ms, h1 ${last?.h1Ms} ms, LCP ${last?.lcpMs} ms, ${last?.documentsAfter} document requests from the click on`}\n`,
      );
    }
    results.push({ nav, runs: done });
    await proxy.close();
  }
} finally {
  xvfb?.process.kill();
  await stopSite(site);
  await group?.remove();
}

const row = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
const spread = (values: number[]) =>
  values.length
    ? `${Math.round(median(values))} (${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))})`
    : "—";
const numbers = (done: Run[], pick: (run: Run) => number | null) =>
  done.flatMap((entry) => {
    const value = pick(entry);
    return entry.error || value === null ? [] : [value];
  });
console.log(
  `\nA driverless Chromium, ${group ? `CPU limited to ${cpuShare} of one core` : cpuShare > 0 ? "CPU NOT limited (no writable cgroup)" : "CPU not limited (--cpu 0)"}, ${PHONE.network.latency} ms latency per request, ${PHONE.network.bytesPerSecond / 1000} KB/s per response; pointer rests ${restMs} ms on the link, ${READ_MS / 1000} s after load.\n`,
);
console.log(
  row([
    "navigation",
    "prerendered",
    "click → activation or start ms",
    "click → h1 ms",
    "click → LCP ms",
    "documents after click",
    "no h1 paint",
    "failed",
  ]),
);
console.log(row(["---", "---:", "---:", "---:", "---:", "---:", "---:", "---:"]));
for (const { nav, runs: done } of results) {
  const ok = done.filter((entry) => !entry.error);
  console.log(
    row([
      nav.title,
      `${ok.filter((entry) => entry.prerendered).length} of ${done.length}`,
      spread(numbers(done, (entry) => entry.startMs)),
      spread(numbers(done, (entry) => entry.h1Ms)),
      spread(numbers(done, (entry) => entry.lcpMs)),
      ok.reduce((total, entry) => total + entry.documentsAfter, 0),
      ok.filter((entry) => entry.h1Ms === null).length,
      done.length - ok.length,
    ]),
  );
}
console.log(
  `\nMedian (min–max) of ${runs}. Load average ${loadAtStart.map((n) => n.toFixed(2)).join(", ")} at the start, ${loadavg()
    .map((n) => n.toFixed(2))
    .join(", ")} at the end.`,
);
