import "./require-node.ts";
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmdirSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs, promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { median, NAVIGATIONS, type Navigation, PHONE, startSite, stopSite } from "./bench-site.ts";

/**
 * `npm run bench:prerender` (issue 35): what a visitor's Chromium shows after a click on an internal link, measured
 * with nothing attached to the browser. `npm run bench:navigation` drives Chromium through the DevTools protocol,
 * and any DevTools client turns prerendering off (the Preload domain reports PrerenderingDisabledByDevTools), so it
 * can only time the fallback: a full load of a document fetched ahead. Visitors' Chrome has no such client, and the
 * speculation rules (src/lib/speculation-rules.ts) prerender the link a pointer rests on. This benchmark runs that.
 *
 * How. Chromium runs as an app window on a virtual X display (Xvfb), a fresh profile per run (cold cache), behind a
 * small proxy in front of `npm start`'s server. The proxy delays each request by the phone profile's latency, paces
 * each response at its bandwidth (by its gzipped size, per connection, not one shared link), and adds a recorder script to every HTML page
 * (and its hash to the CSP). The recorder sends what it sees to the proxy with sendBeacon: the link's place on the
 * screen, the click's time, and on the next page whether it was prerendered, when it was activated, and when its
 * `<h1>` and largest paint were drawn (Element Timing and LCP, as bench:navigation reads them). The pointer is real X
 * input (xdotool): it moves onto the link, rests, and clicks. A mouse, not a finger: Chrome on Android starts a
 * moderate prerender from other signals (pointer down, links in view), which X input cannot give.
 *
 * The CPU. DevTools' 4× slowdown needs DevTools; instead all the browser's processes share a CPU cgroup limited to a
 * fraction of one core (--cpu, default 0.5). That is not the same slow phone: DevTools slows the page's main thread
 * only, the cgroup slows everything together (the browser process, the compositor, the prerender itself), and a phone
 * has several slow cores. At 0.25 a frame of an already prerendered page took longer to show than DevTools' 4× full
 * load; compare --cpu settings with each other, not with bench:navigation. A cgroup needs root on Linux; without one
 * the browser runs at full speed and the report says so.
 *
 * Needs Linux with Xvfb and xdotool (Debian: apt-get install xvfb xdotool) and Chromium (/usr/bin/chromium or
 * CHROMIUM_PATH). A benchmark, not a test: `npm test` does not run it.
 *
 *   --dist DIR     the build to serve (default dist/)
 *   --runs N       runs per navigation (default 5)
 *   --rest MS      how long the pointer rests on the link before the click (default 1000)
 *   --cpu F        the browser's share of one core, 0 for no limit (default 0.5)
 *   --only IDS     comma-separated navigation ids (home-product, blog-article, about-contact, products-product)
 *   --port N       the proxy's port (default 4360); the site, SES and DynamoDB take the next three
 *   --display D    the X display Xvfb opens (default :77)
 */
const { values: args } = parseArgs({
  options: {
    dist: { type: "string", default: "dist" },
    runs: { type: "string", default: "5" },
    rest: { type: "string", default: "1000" },
    cpu: { type: "string", default: "0.5" },
    only: { type: "string" },
    port: { type: "string", default: "4360" },
    display: { type: "string", default: ":77" },
  },
});
const runs = Math.max(1, Number(args.runs));
const restMs = Math.max(0, Number(args.rest));
const cpuShare = Math.max(0, Number(args.cpu));
const proxyPort = Number(args.port);
const display = args.display;
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const only = args.only?.split(",");
const navigations = only ? NAVIGATIONS.filter((nav) => only.includes(nav.id)) : NAVIGATIONS;
if (navigations.length === 0)
  throw new Error(`--only ${args.only}: no such navigation; ids are ${NAVIGATIONS.map((n) => n.id).join(", ")}`);

const READ_MS = 2000;
const TIMEOUT_MS = 60_000;
const REPORT_PATH = "/__bench";

/** What the recorder sends (times are wall-clock ms: timeOrigin plus a page time). */
type Report =
  | { kind: "link"; page: string; x: number; y: number; href: string }
  | { kind: "no-link"; page: string }
  | { kind: "click"; page: string; at: number }
  | {
      kind: "shown";
      page: string;
      prerendered: boolean;
      start: number;
      h1: number | null;
      lcp: number | null;
    };

/**
 * Runs at the start of every HTML page the proxy serves (before the page's own scripts). Reports the first visible
 * link matching `selector` (scrolled to the middle) once the visitor has read for a while, the click, and when the
 * page was shown: at load, or at activation for a prerendered page.
 */
function installRecorder(selector: string, readMs: number, reportPath: string): void {
  const page = location.pathname;
  const send = (report: object) => navigator.sendBeacon(reportPath, JSON.stringify({ page, ...report }));
  addEventListener("click", (event) => send({ kind: "click", at: performance.timeOrigin + event.timeStamp }), {
    capture: true,
  });
  const times = { h1: null as number | null, lcp: null as number | null };
  new MutationObserver((records, observer) => {
    for (const record of records)
      for (const node of record.addedNodes)
        if (node instanceof HTMLHeadingElement && node.localName === "h1") {
          node.setAttribute("elementtiming", "bench-h1");
          observer.disconnect();
        }
  }).observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { identifier?: string; renderTime?: number })[])
      if (entry.identifier === "bench-h1" && times.h1 === null)
        times.h1 = performance.timeOrigin + (entry.renderTime || entry.startTime);
  }).observe({ type: "element", buffered: true });
  new PerformanceObserver((list) => {
    const last = list.getEntries().at(-1);
    if (last) times.lcp = performance.timeOrigin + last.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  const prerendered = (document as Document & { prerendering?: boolean }).prerendering === true;
  // The paint entries of the first frames come a little after them.
  const reportShown = () =>
    setTimeout(() => {
      const entry = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming & {
        activationStart?: number;
      };
      send({ kind: "shown", prerendered, start: performance.timeOrigin + (entry.activationStart ?? 0), ...times });
    }, 1000);
  if (prerendered) document.addEventListener("prerenderingchange", reportShown, { once: true });
  else addEventListener("load", reportShown, { once: true });
  addEventListener(
    "load",
    () =>
      setTimeout(() => {
        const link = [...document.querySelectorAll<HTMLAnchorElement>(selector)].find(
          (candidate) => candidate.getClientRects().length > 0,
        );
        if (!link) return send({ kind: "no-link" });
        link.scrollIntoView({ block: "center" });
        requestAnimationFrame(() => {
          const box = link.getBoundingClientRect();
          // An app window on a display with no window manager: the viewport starts below the window's own top.
          const top = screenY + (outerHeight - innerHeight);
          send({
            kind: "link",
            x: screenX + box.x + box.width / 2,
            y: top + box.y + box.height / 2,
            href: link.pathname,
          });
        });
      }, readMs),
    { once: true },
  );
}

/** A document the proxy served: which page, and when (wall clock). */
interface Served {
  page: string;
  at: number;
}

/**
 * The proxy in front of the site: latency, pacing, the recorder in every page, the reports. Resolves once listening.
 */
async function startProxy(siteURL: URL, script: string, onReport: (report: Report) => void, served: Served[]) {
  const scriptHash = `'sha256-${createHash("sha256").update(script).digest("base64")}'`;
  const msPerByte = 1000 / PHONE.network.bytesPerSecond;
  // The server compresses what it sends; the proxy asks it for plain bytes (it edits pages) and waits as long as the
  // gzipped bytes would take, then sends at once.
  const paced = async (response: http.ServerResponse, body: Buffer) => {
    await sleep(gzipSync(body).length * msPerByte);
    response.end(body);
  };
  const forward = async (
    request: http.IncomingMessage,
    requestBody: Buffer,
    response: http.ServerResponse,
    arrivedAt: number,
  ) => {
    const upstream = await fetch(new URL(request.url ?? "/", siteURL), {
      method: request.method,
      headers: Object.entries(request.headers).flatMap(([name, value]) =>
        typeof value === "string" && !["host", "accept-encoding", "connection"].includes(name) ? [[name, value]] : [],
      ),
      body: requestBody.length ? new Uint8Array(requestBody) : undefined,
      redirect: "manual",
    });
    const headers = Object.fromEntries(
      [...upstream.headers].filter(
        ([name]) => !["content-length", "content-encoding", "transfer-encoding"].includes(name),
      ),
    );
    let body = Buffer.from(await upstream.arrayBuffer());
    if (upstream.headers.get("content-type")?.startsWith("text/html")) {
      served.push({ page: new URL(request.url ?? "/", siteURL).pathname, at: arrivedAt });
      body = Buffer.from(body.toString("utf8").replace("<head>", `<head><script>${script}</script>`));
      const csp = headers["content-security-policy"];
      if (csp) headers["content-security-policy"] = csp.replace("script-src", `script-src ${scriptHash}`);
    }
    response.writeHead(upstream.status, headers);
    await paced(response, body);
  };
  const server = http.createServer(async (request, response) => {
    const arrivedAt = Date.now();
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.url === REPORT_PATH) {
      onReport(JSON.parse(Buffer.concat(chunks).toString("utf8")) as Report);
      response.writeHead(204).end();
      return;
    }
    await sleep(PHONE.network.latency);
    try {
      await forward(request, Buffer.concat(chunks), response, arrivedAt);
    } catch (error) {
      // A run's failure shows in its report; the proxy keeps serving the next one.
      if (!response.headersSent) response.writeHead(502);
      response.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(proxyPort, "127.0.0.1", resolve));
  return server;
}

/**
 * A CPU cgroup holding the browser to `share` of one core, or undefined when none can be made (not Linux, not root,
 * no cpu controller). Returns the file a process writes its pid to, and how to remove the group.
 */
function cpuGroup(share: number): { tasks: string; remove: () => Promise<void> } | undefined {
  if (share <= 0) return undefined;
  const name = `bench-prerender-${process.pid}`;
  const period = 100_000;
  const quota = String(Math.max(1_000, Math.round(share * period)));
  try {
    if (existsSync("/sys/fs/cgroup/cpu/cpu.cfs_quota_us")) {
      const dir = `/sys/fs/cgroup/cpu/${name}`;
      mkdirSync(dir);
      writeFileSync(`${dir}/cpu.cfs_period_us`, String(period));
      writeFileSync(`${dir}/cpu.cfs_quota_us`, quota);
      return { tasks: `${dir}/tasks`, remove: () => removeGroup(dir, "tasks") };
    }
    if (existsSync("/sys/fs/cgroup/cgroup.controllers")) {
      const dir = `/sys/fs/cgroup/${name}`;
      mkdirSync(dir);
      writeFileSync(`${dir}/cpu.max`, `${quota} ${period}`);
      return { tasks: `${dir}/cgroup.procs`, remove: () => removeGroup(dir, "cgroup.procs") };
    }
  } catch {
    // not allowed here: run unlimited, and say so
  }
  return undefined;
}

/** Ends what the browser left in the group (renderers outlive a killed browser process for a moment), then removes it. */
async function removeGroup(dir: string, tasksFile: string): Promise<void> {
  for (let tries = 0; tries < 50; tries++) {
    const pids = readFileSync(path.join(dir, tasksFile), "utf8").split("\n").filter(Boolean);
    for (const pid of pids) {
      try {
        process.kill(Number(pid), "SIGKILL");
      } catch {
        // gone already
      }
    }
    try {
      rmdirSync(dir);
      return;
    } catch {
      await sleep(100);
    }
  }
  console.error(`could not remove the cgroup ${dir}; remove it with rmdir once its processes have ended`);
}

const run = promisify(execFile);
const xEnv = { ...process.env, DISPLAY: display };

async function startDisplay(): Promise<ChildProcess> {
  const xvfb = spawn("Xvfb", [display, "-screen", "0", "1280x1000x24", "-nolisten", "tcp"], { stdio: "ignore" });
  xvfb.on("error", () => undefined);
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (xvfb.exitCode !== null) break;
    try {
      await run("xdotool", ["getmouselocation"], { env: xEnv });
      return xvfb;
    } catch {
      await sleep(100);
    }
  }
  xvfb.kill();
  throw new Error(
    `no X display ${display}: bench:prerender needs Xvfb and xdotool (Debian: apt-get install xvfb xdotool), and a free display number (--display)`,
  );
}

interface Run {
  page: string;
  prerendered: boolean;
  /** To the prerendered page's activation, or to the navigation's start for a page loaded on the click. */
  startMs: number;
  h1Ms: number | null;
  lcpMs: number | null;
  /** Requests for the next page's document after the click. */
  documentsAfter: number;
  error?: string;
}

const reports: Report[] = [];
let onReport = () => {};
/** Resolves with the first report (from now on) that `pick` accepts. */
const nextReport = <T extends Report>(pick: (report: Report) => report is T) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no report within 60 s")), TIMEOUT_MS);
    onReport = () => {
      const found = reports.find(pick);
      if (!found) return;
      clearTimeout(timer);
      resolve(found);
    };
    onReport();
  });

async function measure(nav: Navigation, group: ReturnType<typeof cpuGroup>, served: Served[]): Promise<Run> {
  reports.length = 0;
  served.length = 0;
  const profile = mkdtempSync(path.join(tmpdir(), "bench-prerender-profile-"));
  const browserArgs = [
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    `--user-data-dir=${profile}`,
    "--window-position=0,0",
    `--window-size=${PHONE.context.viewport.width},${PHONE.context.viewport.height}`,
    `--app=http://127.0.0.1:${proxyPort}${nav.from}`,
  ];
  // The shell joins the group, then becomes the browser: every process it starts is in the group from its first instruction.
  const browser = group
    ? spawn("sh", ["-c", `echo $$ > ${group.tasks} && exec "$0" "$@"`, chromiumPath, ...browserArgs], {
        env: xEnv,
        stdio: "ignore",
      })
    : spawn(chromiumPath, browserArgs, { env: xEnv, stdio: "ignore" });
  try {
    const found = await nextReport(
      (report): report is Extract<Report, { kind: "link" | "no-link" }> =>
        (report.kind === "link" || report.kind === "no-link") && report.page === nav.from,
    );
    if (found.kind === "no-link") throw new Error(`${nav.from}: no visible ${nav.link}`);
    await run("xdotool", ["mousemove", String(Math.round(found.x)), String(Math.round(found.y))], { env: xEnv });
    await sleep(restMs);
    await run("xdotool", ["click", "1"], { env: xEnv });
    const shown = await nextReport(
      (report): report is Extract<Report, { kind: "shown" }> => report.kind === "shown" && report.page === found.href,
    );
    const click = reports.find((report): report is Extract<Report, { kind: "click" }> => report.kind === "click");
    if (!click) throw new Error(`${nav.from}: the click was not recorded`);
    const since = (at: number | null) => (at === null ? null : Math.round((at - click.at) * 10) / 10);
    return {
      page: found.href,
      prerendered: shown.prerendered,
      startMs: since(shown.start) ?? 0,
      h1Ms: since(shown.h1),
      lcpMs: since(shown.lcp),
      documentsAfter: served.filter((entry) => entry.page === found.href && entry.at >= click.at).length,
    };
  } finally {
    const exited = new Promise((resolve) => browser.once("exit", resolve));
    browser.kill("SIGTERM");
    await Promise.race([exited, sleep(5000).then(() => browser.kill("SIGKILL"))]);
    rmSync(profile, { recursive: true, force: true });
  }
}

const loadAtStart = loadavg();
const sitePort = proxyPort + 1;
const site = await startSite(args.dist, { site: sitePort, ses: sitePort + 1, dynamo: sitePort + 2 });
const served: Served[] = [];
const results: { nav: Navigation; runs: Run[] }[] = [];
const group = cpuGroup(cpuShare);
let xvfb: ChildProcess | undefined;
let proxy: http.Server | undefined;
try {
  xvfb = await startDisplay();
  for (const nav of navigations) {
    const script = `var __name = (fn) => fn; (${installRecorder.toString()})(${JSON.stringify(nav.link)}, ${READ_MS}, ${JSON.stringify(REPORT_PATH)});`;
    proxy = await startProxy(
      new URL(`http://127.0.0.1:${sitePort}`),
      script,
      (report) => {
        reports.push(report);
        onReport();
      },
      served,
    );
    const done: Run[] = [];
    for (let i = 0; i < runs; i += 1) {
      try {
        done.push(await measure(nav, group, served));
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
        `  ${nav.id} run ${i + 1}: ${last?.error ?? `${last?.page} ${last?.prerendered ? "prerendered" : "loaded"}, start ${last?.startMs} ms, h1 ${last?.h1Ms} ms, LCP ${last?.lcpMs} ms, ${last?.documentsAfter} document requests after the click`}\n`,
      );
    }
    results.push({ nav, runs: done });
    await new Promise((resolve) => proxy?.close(resolve));
    proxy = undefined;
  }
} finally {
  proxy?.close();
  xvfb?.kill();
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
  `\nChromium with nothing attached, ${group ? `CPU limited to ${cpuShare} of one core` : cpuShare > 0 ? "CPU NOT limited (no writable cgroup)" : "CPU not limited (--cpu 0)"}, ${PHONE.network.latency} ms latency per request, ${PHONE.network.bytesPerSecond / 1000} KB/s per response; pointer rests ${restMs} ms on the link, ${READ_MS / 1000} s after load.\n`,
);
console.log(
  row([
    "navigation",
    "prerendered",
    "click → activation or start ms",
    "click → h1 ms",
    "click → LCP ms",
    "documents after click",
    "failed",
  ]),
);
console.log(row(["---", "---:", "---:", "---:", "---:", "---:", "---:"]));
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
      done.length - ok.length,
    ]),
  );
}
console.log(
  `\nMedian (min–max) of ${runs}. Load average ${loadAtStart.map((n) => n.toFixed(2)).join(", ")} at the start, ${loadavg()
    .map((n) => n.toFixed(2))
    .join(", ")} at the end.`,
);
