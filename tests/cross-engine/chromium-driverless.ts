import { type ChildProcess, execFile, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { createConsentRecord } from "../../src/lib/consent.ts";
import { CONSENT_STORAGE_KEY, WHATSAPP_SHOWN_KEY } from "../../src/lib/limits.ts";
import { CHROMIUM_ARGS } from "../chromium-args.ts";

/**
 * A driverless Chromium: the browser as visitors run it, with nothing attached. Any DevTools client (Playwright's, a
 * bare CDP session) turns prerendering off (the Preload domain reports PrerenderingDisabledByDevTools), so the
 * speculation rules can only be seen acting in a browser no one drives. Here Chromium runs as an app window on an X
 * display (Xvfb), the pointer is real X input (xdotool), and a proxy in front of the site adds a recorder script to
 * every page (and its hash to the CSP) that reports what the page sees with sendBeacon. Used by prerender.test.ts.
 */

/** The full browser (a headless shell opens no window for X's pointer); CHROMIUM_PATH, as for the benchmarks. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const REPORT_PATH = "/__recorder";

/**
 * What the recorder reports. Times are the browser's: its timeOrigin plus a page time, comparable between pages of the
 * browser, not with the clock of this process.
 */
export type Report =
  /** The link the visitor will use, scrolled to the middle of the window, in screen pixels. */
  | { kind: "link"; page: string; x: number; y: number; href: string }
  | { kind: "no-link"; page: string }
  /** The pointer reached the link. */
  | { kind: "pointer-on-link"; page: string }
  /** A prerendered page finished loading in the background: a click now shows it as it is. */
  | ({ kind: "prerender-loaded"; page: string } & Counted)
  | { kind: "click"; page: string }
  /** A page was shown: at load, or at activation for a prerendered one. */
  | ({ kind: "shown"; page: string; prerendered: boolean } & Counted);

/** What the page has counted so far: Google's tag requested (its script element) and page views (`config` commands). */
export interface Counted {
  tags: number;
  pageViews: number;
}

/**
 * Runs at the start of every page the proxy serves, before the page's own scripts. Once the page has loaded and the
 * visitor has read for `readMs`, reports the first visible link matching `selector`; reports clicks, a prerender that
 * finished loading, and the page shown.
 */
function installRecorder(
  selector: string,
  readMs: number,
  reportPath: string,
  stored: { local: Record<string, string>; session: Record<string, string> },
): void {
  const page = location.pathname;
  for (const [key, value] of Object.entries(stored.local)) localStorage.setItem(key, value);
  for (const [key, value] of Object.entries(stored.session)) sessionStorage.setItem(key, value);
  const counted = () => ({
    tags: document.querySelectorAll("script#google-tag").length,
    // gtag() pushes Arguments objects.
    pageViews: ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? []).filter(
      (command) => command[0] === "config",
    ).length,
  });
  const send = (report: object) => navigator.sendBeacon(reportPath, JSON.stringify({ page, ...report }));
  addEventListener("click", () => send({ kind: "click" }), { capture: true });
  const doc = document as Document & { prerendering?: boolean };
  const prerendered = doc.prerendering === true;
  // A moment after load or activation, for what the page starts then (its page view) to have run.
  const reportShown = () => setTimeout(() => send({ kind: "shown", prerendered, ...counted() }), 200);
  if (prerendered) {
    doc.addEventListener("prerenderingchange", () => reportShown(), { once: true });
    addEventListener("load", () => doc.prerendering && send({ kind: "prerender-loaded", ...counted() }), {
      once: true,
    });
    return;
  }
  addEventListener("load", () => reportShown(), { once: true });
  addEventListener(
    "load",
    () =>
      setTimeout(() => {
        const link = [...document.querySelectorAll<HTMLAnchorElement>(selector)].find(
          (candidate) => candidate.getClientRects().length > 0,
        );
        if (!link) return send({ kind: "no-link" });
        link.addEventListener("pointerover", () => send({ kind: "pointer-on-link" }), { once: true });
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

/** A page the proxy served: its path, and when the request arrived (Date.now() of this process). */
export interface Served {
  page: string;
  at: number;
}

/** Accepts the reports of these kinds from one page (for `RecordingProxy.next`). */
export const reportOf =
  <K extends Report["kind"]>(page: string, ...kinds: K[]) =>
  (report: Report): report is Extract<Report, { kind: K }> =>
    (kinds as string[]).includes(report.kind) && report.page === page;

export interface RecordingProxy {
  /** The proxy's origin: open pages here. */
  url: string;
  reports: Report[];
  /** The HTML documents requested through the proxy, in order. */
  served: Served[];
  /** The first report (received or to come) that `pick` accepts; throws, naming `awaited`, after `timeoutMs`. */
  next<T extends Report>(awaited: string, pick: (report: Report) => report is T, timeoutMs?: number): Promise<T>;
  /** Forgets the reports and documents so far. */
  reset(): void;
  close(): Promise<void>;
}

export interface ProxyOptions {
  /** The site behind the proxy. */
  upstream: URL;
  /** The link the recorder looks for once the page is read, and how long the visitor reads first. */
  link: string;
  readMs: number;
  /**
   * The site's Google Analytics measurement id, added to every page as if content/site.yaml had one, with the
   * visitor's consent to analytics stored; without it, every cookie choice is declined.
   */
  measurementId?: string;
}

/** Starts the recording proxy on a free port. */
export async function startRecordingProxy(options: ProxyOptions): Promise<RecordingProxy> {
  const { upstream, measurementId } = options;
  // Each run is a fresh profile: the cookie banner (its choice made here) and, after a while, the WhatsApp popup would
  // cover the link.
  const preferences = { analytics: measurementId !== undefined, functional: false, marketing: false };
  const stored = {
    local: { [CONSENT_STORAGE_KEY]: JSON.stringify(createConsentRecord(preferences, new Date())) },
    session: { [WHATSAPP_SHOWN_KEY]: "true" },
  };
  const recorderArgs = [options.link, options.readMs, REPORT_PATH, stored].map((arg) => JSON.stringify(arg));
  const script = `var __name = (fn) => fn; (${installRecorder.toString()})(${recorderArgs.join(", ")});`;
  const scriptHash = `'sha256-${createHash("sha256").update(script).digest("base64")}'`;
  const reports: Report[] = [];
  const served: Served[] = [];
  let changed = () => {};

  const forward = async (request: http.IncomingMessage, body: Buffer, response: http.ServerResponse, at: number) => {
    const answer = await fetch(new URL(request.url ?? "/", upstream), {
      method: request.method,
      // The proxy edits pages, so it asks for plain bytes (fetch decompresses whatever comes).
      headers: Object.entries(request.headers).flatMap(([name, value]) =>
        typeof value === "string" && !["host", "accept-encoding", "connection"].includes(name) ? [[name, value]] : [],
      ),
      body: body.length ? new Uint8Array(body) : undefined,
      redirect: "manual",
    });
    // One Set-Cookie kept at most, and Location left as the site wrote it: no page on these paths sets two cookies or
    // redirects.
    const headers = Object.fromEntries(
      [...answer.headers].filter(
        ([name]) => !["content-length", "content-encoding", "transfer-encoding"].includes(name),
      ),
    );
    let content = Buffer.from(await answer.arrayBuffer());
    if (answer.headers.get("content-type")?.startsWith("text/html")) {
      served.push({ page: new URL(request.url ?? "/", upstream).pathname, at });
      let html = content.toString("utf8").replace("<head>", `<head><script>${script}</script>`);
      if (measurementId) html = html.replace("<html ", `<html data-analytics-id="${measurementId}" `);
      content = Buffer.from(html);
      const csp = headers["content-security-policy"];
      if (csp) headers["content-security-policy"] = csp.replace("script-src", `script-src ${scriptHash}`);
    }
    response.writeHead(answer.status, headers);
    response.end(content);
  };

  const receive = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const at = Date.now();
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.url === REPORT_PATH) {
      const report: unknown = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      if (typeof report !== "object" || report === null || !("kind" in report) || !("page" in report))
        throw new Error(`not a report: ${JSON.stringify(report)}`);
      reports.push(report as Report);
      response.writeHead(204).end();
      changed();
      return;
    }
    await forward(request, Buffer.concat(chunks), response, at);
  };
  const server = http.createServer((request, response) =>
    receive(request, response).catch((error: unknown) => {
      // A beacon cut off by a closing browser, a site that did not answer: the page sees a failed request, and the
      // proxy keeps serving.
      if (!response.headersSent) response.writeHead(502);
      response.end(String(error));
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (typeof address !== "object" || !address) throw new Error("the recording proxy has no port");

  return {
    url: `http://127.0.0.1:${address.port}`,
    reports,
    served,
    next: (awaited, pick, timeoutMs = 30_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(new Error(`${awaited}: not within ${timeoutMs} ms; the pages reported ${JSON.stringify(reports)}`)),
          timeoutMs,
        );
        changed = () => {
          const found = reports.find(pick);
          if (!found) return;
          clearTimeout(timer);
          changed = () => {};
          resolve(found);
        };
        changed();
      }),
    reset: () => {
      reports.length = 0;
      served.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface DriverlessChromium {
  /** Resolves with `step`, or rejects as soon as the browser exits or cannot start. */
  watch<T>(step: Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Opens `url` in a new Chromium app window (a fresh profile: cold cache) on `display`, at `width`×`height`.
 */
export function launchChromium(options: {
  url: string;
  display: string;
  width: number;
  height: number;
}): DriverlessChromium {
  const profile = mkdtempSync(path.join(tmpdir(), "chromium-driverless-"));
  const args = [
    ...CHROMIUM_ARGS,
    `--user-data-dir=${profile}`,
    "--window-position=0,0",
    `--window-size=${options.width},${options.height}`,
    `--app=${options.url}`,
  ];
  const env = { ...process.env, DISPLAY: options.display };
  const browser: ChildProcess = spawn(CHROMIUM, args, { env, stdio: "ignore" });
  let closing = false;
  const exited = new Promise<void>((resolve) => browser.once("exit", () => resolve()));
  const failed = new Promise<never>((_, reject) => {
    browser.once("error", (error) => reject(new Error(`${CHROMIUM} did not start (is chromium installed?): ${error}`)));
    exited.then(() => {
      if (!closing) reject(new Error(`${CHROMIUM} exited (code ${browser.exitCode}, signal ${browser.signalCode})`));
    });
  });
  failed.catch(() => undefined); // reported through watch()
  return {
    watch: (step) => Promise.race([step, failed]),
    close: async () => {
      closing = true;
      // No pid: it never started (the error is reported through watch()), and no exit will come.
      if (browser.pid !== undefined && browser.exitCode === null && browser.signalCode === null) {
        browser.kill("SIGTERM");
        const killer = setTimeout(() => browser.kill("SIGKILL"), 5000);
        await exited;
        clearTimeout(killer);
      }
      // Renderers may still be writing into the profile for a moment after the browser exits.
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}

const run = promisify(execFile);

/** The X pointer on `display` (xdotool): what a mouse does, as input the browser cannot tell from a person's. */
export function pointer(display: string) {
  const xdotool = async (...args: string[]) => {
    try {
      await run("xdotool", args, { env: { ...process.env, DISPLAY: display } });
    } catch (error) {
      throw new Error(`xdotool ${args.join(" ")} failed (is the xdotool package installed?): ${String(error)}`);
    }
  };
  return {
    moveTo: (x: number, y: number) => xdotool("mousemove", String(Math.round(x)), String(Math.round(y))),
    click: () => xdotool("click", "1"),
  };
}
