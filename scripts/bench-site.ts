import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** What the browser benchmarks share: serving an existing build with `npm start`'s server, and the phone profile. */

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
