import "./require-node.ts";
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs, promisify } from "node:util";
import lighthouse, { desktopConfig, type Result } from "lighthouse";
import { CHROMIUM_ARGS } from "../tests/chromium-args.ts";
import type { RouteTable } from "../src/lib/routing.ts";
import { KEY_ROUTES, LIGHTHOUSE_TARGETS } from "../tests/quality/budgets.ts";
import { median, startSite, stopSite } from "./bench-site.ts";

/**
 * `npm run bench`: builds the site into .dist/bench, serves it with `npm start`'s server (compression, cache and
 * security headers), and runs Lighthouse 13 on Debian's Chromium in its mobile and desktop forms over the key
 * key routes, three runs each, each run in a fresh browser profile. Prints a table of medians with the
 * min–max spread, lists every target missed and the audits behind each score below 100, and writes the JSON
 * reports to bench-results/<time>/.
 *
 *   --all             every prerendered route instead of the key routes
 *   --routes a,b      these routes only
 *   --runs N          runs per route and form (default 3)
 *   --form F          mobile, desktop or both (default both)
 *   --no-build        bench the existing .dist/bench
 *
 * Environment: CHROMIUM_PATH (default /usr/bin/chromium), BENCH_PORT, BENCH_SES_PORT and BENCH_DYNAMO_PORT (default
 * 4180, 8180, 9180).
 */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values: args } = parseArgs({
  options: {
    all: { type: "boolean", default: false },
    routes: { type: "string" },
    runs: { type: "string", default: "3" },
    form: { type: "string", default: "both" },
    "no-build": { type: "boolean", default: false },
  },
});
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive whole number, got ${args.runs}`);
const forms = args.form === "both" ? (["mobile", "desktop"] as const) : [args.form];
for (const form of forms)
  if (form !== "mobile" && form !== "desktop") throw new Error(`--form must be mobile, desktop or both, got ${form}`);
type Form = "mobile" | "desktop";

const distDir = path.join(rootDir, ".dist/bench");
const port = Number(process.env.BENCH_PORT ?? 4180);
const sesPort = Number(process.env.BENCH_SES_PORT ?? 8180);
const dynamoPort = Number(process.env.BENCH_DYNAMO_PORT ?? 9180);
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const origin = `http://127.0.0.1:${port}`;

/** The numbers kept from one Lighthouse run. */
interface RunMetrics {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Transfer size in bytes of everything, and of scripts. */
  totalBytes: number;
  jsBytes: number;
  /** Transfer size in bytes of stylesheets. */
  cssBytes: number;
  requests: number;
  /** Audits that cost points in a category: "category: audit-id". */
  losses: string[];
  /** Lighthouse's measure of this machine's CPU speed; under 1000 the CPU-bound metrics read high. */
  benchmarkIndex: number;
  /** The machine's one-minute load average as the run ended. */
  load: number;
}

const METRICS = [
  "performance",
  "fcp",
  "lcp",
  "tbt",
  "cls",
  "totalBytes",
  "jsBytes",
  "cssBytes",
  "requests",
  "accessibility",
  "bestPractices",
  "seo",
  "load",
] as const;
type Metric = (typeof METRICS)[number];

// --- processes ---------------------------------------------------------------------------------------------------

/** Runs a command to its end; its output (stdout last, where the figures are), or an error holding it. */
const run = async (command: string, argv: string[]) => {
  const { stdout, stderr } = await promisify(execFile)(command, argv, { cwd: rootDir, maxBuffer: 64 << 20 });
  return stderr + stdout;
};

/** Stops a child and everything it started (it leads its own process group), politely first. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid as number), name);
    } catch {
      // already gone
    }
  };
  signal("SIGTERM");
  const timer = setTimeout(() => signal("SIGKILL"), 5000);
  await exited;
  clearTimeout(timer);
}

/** A headless Chromium with a fresh profile; resolves once its DevTools port is known. */
async function launchChromium(): Promise<{ port: number; close: () => Promise<void> }> {
  const profile = await mkdtemp(path.join(tmpdir(), "bench-profile-"));
  const browser = spawn(
    chromiumPath,
    [...CHROMIUM_ARGS, "--headless=new", `--user-data-dir=${profile}`, "--remote-debugging-port=0", "about:blank"],
    { detached: true, stdio: ["ignore", "ignore", "pipe"] },
  );
  const close = async () => {
    await stop(browser);
    await rm(profile, { recursive: true, force: true });
  };
  try {
    const devtoolsPort = await new Promise<number>((resolve, reject) => {
      let stderr = "";
      const timer = setTimeout(
        () => reject(new Error(`Chromium did not open its DevTools port in 30 s:\n${stderr}`)),
        30_000,
      );
      browser.stderr?.on("data", (chunk: Buffer) => {
        stderr += chunk;
        const found = stderr.match(/DevTools listening on ws:\/\/[^:]+:(\d+)\//);
        if (found) {
          clearTimeout(timer);
          resolve(Number(found[1]));
        }
      });
      browser.on("exit", (code) => reject(new Error(`Chromium (${chromiumPath}) exited with ${code}:\n${stderr}`)));
    });
    return { port: devtoolsPort, close };
  } catch (error) {
    await close();
    throw error;
  }
}

// --- Lighthouse --------------------------------------------------------------------------------------------------

const score = (result: Result, id: string) => Math.round((result.categories[id]?.score ?? 0) * 100);
const numeric = (result: Result, id: string) => result.audits[id]?.numericValue ?? Number.NaN;

function resourceSummary(result: Result, type: string): { transferSize: number; requestCount: number } {
  const details = result.audits["resource-summary"]?.details;
  const items = details && "items" in details && Array.isArray(details.items) ? (details.items as unknown[]) : [];
  for (const item of items) {
    if (typeof item !== "object" || item === null) continue;
    const row = item as Record<string, unknown>;
    if (row.resourceType === type)
      return { transferSize: Number(row.transferSize ?? 0), requestCount: Number(row.requestCount ?? 0) };
  }
  return { transferSize: 0, requestCount: 0 };
}

/** The audits that keep a category below 100, weighted ones only. */
function losses(result: Result): string[] {
  const lines: string[] = [];
  for (const [id, category] of Object.entries(result.categories)) {
    if ((category.score ?? 0) >= 1) continue;
    for (const ref of category.auditRefs) {
      const audit = result.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
      lines.push(`${id}: ${ref.id}`);
    }
  }
  return lines;
}

async function lighthouseRun(url: string, form: Form): Promise<{ metrics: RunMetrics; json: string }> {
  const browser = await launchChromium();
  try {
    const runner = await lighthouse(
      url,
      { port: browser.port, output: "json", logLevel: "error" },
      form === "desktop" ? desktopConfig : undefined,
    );
    if (!runner) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = runner;
    if (lhr.runtimeError)
      throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const total = resourceSummary(lhr, "total");
    const metrics: RunMetrics = {
      performance: score(lhr, "performance"),
      accessibility: score(lhr, "accessibility"),
      bestPractices: score(lhr, "best-practices"),
      seo: score(lhr, "seo"),
      fcp: numeric(lhr, "first-contentful-paint"),
      lcp: numeric(lhr, "largest-contentful-paint"),
      tbt: numeric(lhr, "total-blocking-time"),
      cls: numeric(lhr, "cumulative-layout-shift"),
      totalBytes: total.transferSize,
      jsBytes: resourceSummary(lhr, "script").transferSize,
      cssBytes: resourceSummary(lhr, "stylesheet").transferSize,
      requests: total.requestCount,
      losses: losses(lhr),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      load: loadavg()[0] ?? Number.NaN,
    };
    return { metrics, json: typeof runner.report === "string" ? runner.report : JSON.stringify(lhr) };
  } finally {
    await browser.close();
  }
}

/** Lighthouse sometimes fails to record a trace on a busy machine (NO_NAVSTART, NO_FCP); such a run is repeated. */
async function withRetries<T>(attempt: () => Promise<T>, what: string, tries = 3): Promise<T> {
  for (let i = 1; ; i += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (i >= tries) throw error;
      console.log(`  ${what}: ${(error as Error).message.split("\n")[0]}; trying again (${i}/${tries - 1})`);
    }
  }
}

// --- statistics and output ---------------------------------------------------------------------------------------

interface Summary {
  route: string;
  form: Form;
  median: Record<Metric, number>;
  min: Record<Metric, number>;
  max: Record<Metric, number>;
  /** Lost audits with the number of runs they appeared in. */
  losses: string[];
  benchmarkIndex: number;
}

function summarise(route: string, form: Form, results: RunMetrics[]): Summary {
  const pick = (fn: (values: number[]) => number) =>
    Object.fromEntries(METRICS.map((m) => [m, fn(results.map((r) => r[m]))])) as Record<Metric, number>;
  const counts = new Map<string, number>();
  for (const r of results) for (const loss of r.losses) counts.set(loss, (counts.get(loss) ?? 0) + 1);
  return {
    route,
    form,
    median: pick(median),
    min: pick((v) => Math.min(...v)),
    max: pick((v) => Math.max(...v)),
    losses: [...counts].map(([loss, n]) => `${loss} in ${n}/${results.length} runs`),
    benchmarkIndex: median(results.map((r) => r.benchmarkIndex)),
  };
}

const FORMAT: Record<Metric, { head: string; value: (n: number) => string }> = {
  performance: { head: "perf", value: (n) => String(Math.round(n)) },
  fcp: { head: "FCP ms", value: (n) => String(Math.round(n)) },
  lcp: { head: "LCP ms", value: (n) => String(Math.round(n)) },
  tbt: { head: "TBT ms", value: (n) => String(Math.round(n)) },
  cls: { head: "CLS", value: (n) => n.toFixed(3) },
  totalBytes: { head: "total KiB", value: (n) => (n / 1024).toFixed(1) },
  jsBytes: { head: "JS KiB", value: (n) => (n / 1024).toFixed(1) },
  cssBytes: { head: "CSS KiB", value: (n) => (n / 1024).toFixed(1) },
  requests: { head: "req", value: (n) => String(Math.round(n)) },
  accessibility: { head: "a11y", value: (n) => String(Math.round(n)) },
  bestPractices: { head: "BP", value: (n) => String(Math.round(n)) },
  seo: { head: "SEO", value: (n) => String(Math.round(n)) },
  load: { head: "load 1m", value: (n) => n.toFixed(1) },
};

/** "median (min–max)", or just the median when every run agreed. */
function cell(s: Summary, m: Metric): string {
  const { value } = FORMAT[m];
  const [mid, lo, hi] = [value(s.median[m]), value(s.min[m]), value(s.max[m])];
  return lo === hi ? mid : `${mid} (${lo}–${hi})`;
}

function table(summaries: Summary[], form: Form): string {
  const rows = summaries.filter((s) => s.form === form);
  const header = ["route", ...METRICS.map((m) => FORMAT[m].head), "CPU index"];
  const body = rows.map((s) => [s.route, ...METRICS.map((m) => cell(s, m)), String(Math.round(s.benchmarkIndex))]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? "").length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...body.map(line)].join("\n");
}

/** Every target a median misses, with by how much. */
function misses(s: Summary): string[] {
  const t = LIGHTHOUSE_TARGETS;
  const key = (KEY_ROUTES as readonly string[]).includes(s.route) || s.route.startsWith("/blog/");
  const m = s.median;
  const out: string[] = [];
  const minPerf = key ? t.keyRoutePerformance : t.minPerformance;
  if (m.performance < minPerf) out.push(`performance ${m.performance} < ${minPerf} (by ${minPerf - m.performance})`);
  if (m.lcp > t.lcpMs) out.push(`LCP ${Math.round(m.lcp)} ms > ${t.lcpMs} ms (by ${Math.round(m.lcp - t.lcpMs)} ms)`);
  if (m.tbt > t.tbtMs) out.push(`TBT ${Math.round(m.tbt)} ms > ${t.tbtMs} ms (by ${Math.round(m.tbt - t.tbtMs)} ms)`);
  if (m.cls > t.cls) out.push(`CLS ${m.cls.toFixed(3)} > ${t.cls} (by ${(m.cls - t.cls).toFixed(3)})`);
  for (const [metric, name] of [
    ["accessibility", "accessibility"],
    ["bestPractices", "best practices"],
    ["seo", "SEO"],
  ] as const) {
    if (m[metric] < t.otherCategories) out.push(`${name} ${m[metric]} < ${t.otherCategories}`);
  }
  return out;
}

// --- main --------------------------------------------------------------------------------------------------------

const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const outDir = path.join(rootDir, "bench-results", stamp);

if (!args["no-build"]) {
  console.log(`Building into ${path.relative(rootDir, distDir)} …`);
  const log = await run(process.execPath, ["--import", "tsx", "build/cli.ts", "--out", distDir]);
  console.log(log.trim().split("\n").at(-1));
}
const routeTable = JSON.parse(await readFile(path.join(distDir, "_routes.json"), "utf8")) as RouteTable;
const article = routeTable.pages.find((p) => p.startsWith("/blog/"));
const routes = args.routes
  ? args.routes.split(",").map((r) => r.trim())
  : args.all
    ? routeTable.pages
    : [...KEY_ROUTES.slice(0, 4), ...(article ? [article] : []), ...KEY_ROUTES.slice(4)];

const chromiumVersion =
  (await run(chromiumPath, ["--version"]).catch(() => "unknown")).trim().split("\n").at(-1) ?? "unknown";
console.log(
  `Load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(
      ", ",
    )}. Lighthouse on ${chromiumVersion}, ${routes.length} routes × ${forms.join(" + ")} × ${runs} runs; reports in ${path.relative(rootDir, outDir)}/`,
);
await mkdir(outDir, { recursive: true });

const server = await startSite(distDir, { site: port, ses: sesPort, dynamo: dynamoPort });
const results = new Map<string, RunMetrics[]>();
const summaries: Summary[] = [];
try {
  for (const form of forms as Form[]) {
    // Runs are interleaved across routes so that a slow moment of the machine does not land on one route only.
    for (let i = 1; i <= runs; i += 1) {
      for (const route of routes) {
        const started = performance.now();
        const { metrics, json } = await withRetries(() => lighthouseRun(`${origin}${route}`, form), `${form} ${route}`);
        const slug = route === "/" ? "home" : route.slice(1).replace(/\//g, "_");
        await writeFile(path.join(outDir, `${form}-${slug}-run${i}.json`), json);
        const key = `${form} ${route}`;
        results.set(key, [...(results.get(key) ?? []), metrics]);
        const seconds = ((performance.now() - started) / 1000).toFixed(0);
        console.log(
          `  ${form} run ${i}/${runs} ${route}: perf ${metrics.performance}, LCP ${Math.round(metrics.lcp)} ms, TBT ${Math.round(metrics.tbt)} ms, load ${metrics.load.toFixed(1)} (${seconds} s)`,
        );
      }
    }
    for (const route of routes) summaries.push(summarise(route, form, results.get(`${form} ${route}`) ?? []));
  }
} finally {
  await stopSite(server);
}

const lines: string[] = [];
const load = loadavg()
  .map((n) => n.toFixed(1))
  .join(", ");
const slowest = Math.min(...summaries.map((s) => s.benchmarkIndex));
const runLoads = [...results.values()].flat().map((r) => r.load);
lines.push(
  `\nOne-minute load average over the runs: median ${median(runLoads).toFixed(1)} (${Math.min(...runLoads).toFixed(1)}–${Math.max(...runLoads).toFixed(1)}); at the end ${load}. Lighthouse CPU index: lowest median ${Math.round(slowest)}.`,
);
if (slowest < 1000) {
  lines.push(
    "A CPU index under 1000 means a slow or busy machine: Lighthouse multiplies the observed main-thread time by its CPU slowdown, so TBT, and LCP/FCP through it, read higher than on a typical developer machine (index 1500 or more).",
  );
}
for (const form of forms as Form[]) {
  lines.push(
    `\n### ${form === "mobile" ? "Mobile (Lighthouse defaults: Moto G Power, slow 4G, 4× CPU)" : "Desktop (Lighthouse desktop config)"}, median (min–max) of ${runs} runs\n`,
  );
  lines.push(table(summaries, form));
}
const missed = summaries.flatMap((s) => misses(s).map((m) => `${s.form} ${s.route}: ${m}`));
lines.push(`\n### Targets missed (medians)\n`);
lines.push(missed.length ? missed.map((m) => `- ${m}`).join("\n") : "- none");
const lost = summaries.flatMap((s) => s.losses.map((l) => `${s.form} ${s.route}: ${l}`));
lines.push(`\n### Audits that cost points\n`);
lines.push(lost.length ? lost.map((l) => `- ${l}`).join("\n") : "- none");
const report = lines.join("\n");
console.log(report);
await writeFile(path.join(outDir, "summary.md"), `# Lighthouse bench ${stamp}\n\n${chromiumVersion}\n${report}\n`);
await writeFile(
  path.join(outDir, "summary.json"),
  `${JSON.stringify({ chromium: chromiumVersion, runs, summaries, missed }, null, 2)}\n`,
);
console.log(`\nReports: ${path.relative(rootDir, outDir)}/`);
