import { type ChildProcess, spawn } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, type CDPSession, chromium, type Page } from "playwright-core";
import { CHROMIUM_ARGS } from "../tests/chromium-args.ts";

/** What the browser benchmarks share: serving an existing build with `npm start`'s server, the phone profile, the run loop. */

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The phone profile of every browser benchmark (CDP): 4× slower CPU, 150 ms latency, 1.6 Mbit/s each way. */
export const PHONE = {
  context: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
  cpuSlowdown: 4,
  network: { latency: 150, bytesPerSecond: 200_000 },
} as const;

/** A navigation the navigation benchmarks time: from a page, a tap on one of its links. */
export interface Navigation {
  id: string;
  title: string;
  from: string;
  /** The link tapped: the first visible one in <main> matching this selector. */
  link: string;
}

/** The four navigations measured, in the order the benchmarks print them. */
export const NAVIGATIONS: readonly Navigation[] = [
  // Not a hero slide: the carousel turns every 3 s, and the slide under the finger may change before the tap.
  {
    id: "home-product",
    title: "home → a product page",
    from: "/",
    link: 'main a[href^="/products/"]:not(.hero-slide)',
  },
  { id: "blog-article", title: "/blog → an article", from: "/blog", link: 'main a[href^="/blog/"]' },
  { id: "about-contact", title: "/about → /contact", from: "/about", link: 'main a[href="/contact"]' },
  {
    id: "products-product",
    title: "/products → a product page",
    from: "/products",
    link: 'main a[href^="/products/"]',
  },
];
export interface SitePorts {
  site: number;
  ses: number;
  dynamo: number;
}

/**
 * Starts `tsx server/start.ts --no-build` serving `distDir` on the given ports and resolves once the site answers.
 * @throws when the server exits or does not answer within 60 s (a port taken, no build).
 */
export async function startSite(distDir: string, ports: SitePorts): Promise<ChildProcess> {
  const baseURL = `http://127.0.0.1:${ports.site}`;
  const env = {
    ...process.env,
    DIST_DIR: path.resolve(distDir),
    PORT: String(ports.site),
    SES_PORT: String(ports.ses),
    DYNAMO_PORT: String(ports.dynamo),
    HOST: "127.0.0.1",
  };
  const child = spawn(process.execPath, ["--import", "tsx", "server/start.ts", "--no-build"], {
    cwd: rootDir,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(
        `the server exited with code ${child.exitCode}; is port ${ports.site} free and ${distDir} built?`,
      );
    try {
      if ((await fetch(`${baseURL}/`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill("SIGTERM");
  throw new Error(`the server did not answer on ${baseURL} within 60 s`);
}

/** Stops a server started by startSite: SIGTERM, then SIGKILL after 5 s. */
export async function stopSite(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
  await exited;
  clearTimeout(timer);
}

/** The median of a list (0 for none). */
export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/** A CDP session on the page with its profile's network and CPU throttling applied (the network domain enabled). */
export async function throttle(
  page: Page,
  profile: { cpuSlowdown: number; network?: { latency: number; bytesPerSecond: number } },
): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  if (profile.network) {
    const { latency, bytesPerSecond } = profile.network;
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency,
      downloadThroughput: bytesPerSecond,
      uploadThroughput: bytesPerSecond,
    });
  }
  if (profile.cpuSlowdown > 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: profile.cpuSlowdown });
  return cdp;
}

/** Resolves once nothing is in flight and nothing happened for `quietMs`, or after 60 s. */
export async function settle(busy: () => boolean, lastActivity: () => number, quietMs: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && (busy() || Date.now() - lastActivity() < quietMs))
    await new Promise((resolve) => setTimeout(resolve, 100));
}

/** The items whose id `--only` names (all without it). @throws naming the ids when none matches */
export function only<T extends { id: string }>(items: readonly T[], ids: string | undefined): readonly T[] {
  const picked = ids ? items.filter((item) => ids.split(",").includes(item.id)) : items;
  if (picked.length === 0) throw new Error(`--only ${ids}: no such id; ids are ${items.map((i) => i.id).join(", ")}`);
  return picked;
}

export const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");
export const row = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
export const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/**
 * Serves `dist` on `port` (the emulators on the next two), launches Chromium and measures every item `runs` times,
 * each failure kept as `failed(message)`; `line` is the progress line of a run.
 */
export async function runEach<T, R>(options: {
  dist: string;
  port: number;
  items: readonly T[];
  runs: number;
  measure: (browser: Browser, item: T, baseURL: string) => Promise<R>;
  failed: (message: string) => R;
  line: (item: T, run: number, result: R) => string;
}): Promise<{ item: T; runs: R[] }[]> {
  const { port, runs } = options;
  const server = await startSite(options.dist, { site: port, ses: port + 1, dynamo: port + 2 });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  const results: { item: T; runs: R[] }[] = [];
  try {
    for (const item of options.items) {
      const done: R[] = [];
      for (let i = 1; i <= runs; i += 1) {
        const result = await options
          .measure(browser, item, `http://127.0.0.1:${port}`)
          .catch((error: unknown) =>
            options.failed(error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error)),
          );
        done.push(result);
        process.stderr.write(`  ${options.line(item, i, result)}\n`);
      }
      results.push({ item, runs: done });
    }
  } finally {
    await browser.close();
    await stopSite(server);
  }
  return results;
}

/** Writes a benchmark's report as JSON when `--json FILE` asks for it. */
export async function writeJson(file: string | undefined, report: object): Promise<void> {
  if (!file) return;
  await writeFile(path.resolve(file), `${JSON.stringify({ date: new Date().toISOString(), ...report }, null, 2)}\n`);
  console.log(`Wrote ${file}.`);
}
