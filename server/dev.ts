import { type ChildProcess, fork } from "node:child_process";
import { readFile } from "node:fs/promises";
import type { ServerResponse } from "node:http";
import path from "node:path";
import { watch } from "chokidar";
import type { DevBuildResult } from "./dev-builder.ts";
import type { DevHooks } from "./site-server.ts";

export interface DevLoopOptions {
  rootDir: string;
  contentDir: string;
  distDir: string;
  /** After a good build that followed these content changes (the local API reloads its catalogue). */
  onContentBuilt?: (changed: readonly string[]) => void;
  /** When a file under lambdas/ changed. */
  onLambdaChange?: () => void;
}

export interface DevLoop {
  /** The first build's outcome; the dev server keeps running either way. */
  ready: Promise<DevBuildResult>;
  hooks: DevHooks;
  close(): Promise<void>;
}

/** Saves arriving within this window are built together (an editor's "save all", a git checkout). */
const SETTLE_MS = 30;

/**
 * `npm run dev`: watches content/, src/, public/, build/ and lambdas/ with chokidar (atomic saves and renames
 * arrive as one change), rebuilds in a long-lived build process (content edits incrementally, code edits from
 * scratch in a fresh process), reloads the browser after a good build and shows the errors of a failed one in an
 * overlay on the open page, and in the terminal, until the next good save.
 */
export function startDevLoop(options: DevLoopOptions): DevLoop {
  const { rootDir, contentDir, distDir } = options;
  const clients = new Set<ServerResponse>();
  let last: DevBuildResult | undefined;
  let goodBuilds = 0;
  const broadcast = (result: DevBuildResult) => {
    last = result;
    if (result.ok) goodBuilds += 1;
    for (const client of clients) client.write(buildEvent(result));
  };

  const builder = buildProcess(rootDir, contentDir, distDir);

  const ready = builder.run(undefined).then((result) => {
    broadcast(result);
    return result;
  });
  let queue: Promise<unknown> = ready;

  // Changes wait here until the running build is done, then go as one batch.
  const emptyBatch = () => ({ content: new Set<string>(), code: false, lambdas: false });
  let batch = emptyBatch();
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    const { content, code, lambdas } = batch;
    batch = emptyBatch();
    if (lambdas) options.onLambdaChange?.();
    if (!code && content.size === 0) return;
    const changed = [...content];
    queue = queue
      .then(async () => {
        const started = performance.now();
        const result = await builder.run(code ? undefined : changed);
        broadcast(result);
        if (!result.ok) return;
        const what = code ? "code" : `${changed.length} content file(s)`;
        console.log(`[dev] ${what} changed: site ready ${Math.round(performance.now() - started)} ms after the save`);
        if (changed.length) options.onContentBuilt?.(changed);
      })
      // The loop must outlive any one failure.
      .catch((error: unknown) => console.error("[dev]", error));
  };
  const watcher = watchSources(rootDir, contentDir, (file) => {
    if (file.startsWith(contentDir + path.sep)) batch.content.add(file);
    else if (file.startsWith(path.join(rootDir, "lambdas") + path.sep)) batch.lambdas = true;
    else batch.code = true;
    clearTimeout(timer);
    timer = setTimeout(flush, SETTLE_MS);
  });

  const clientScript = readFile(path.join(rootDir, "server/dev-client.js"), "utf8");
  const overlayCss = readFile(path.join(rootDir, "server/dev-overlay.css"), "utf8");
  return {
    ready,
    hooks: {
      script: () => clientScript,
      stylesheet: () => overlayCss,
      generation: () => goodBuilds,
      subscribe(res, since) {
        res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-store" });
        res.write(": connected\n\n");
        // A page opened after a failed build shows the errors at once.
        if (last && !last.ok) res.write(buildEvent(last));
        // A build that finished after the page was served and before it connected (or while it reconnected) would
        // otherwise go unseen: the page would show the old text until the next save.
        else if (since !== undefined && since < goodBuilds) res.write("event: reload\ndata: {}\n\n");
        clients.add(res);
        res.on("close", () => clients.delete(res));
      },
      failure: () => (last && !last.ok ? last.message : undefined),
    },
    async close() {
      clearTimeout(timer);
      await watcher.close();
      builder.stop();
      for (const client of clients) client.end();
    },
  };
}

/** The server-sent event that tells open pages of a build: reload, or show its errors. */
const buildEvent = (result: DevBuildResult) =>
  result.ok
    ? "event: reload\ndata: {}\n\n"
    : `event: build-error\ndata: ${JSON.stringify({ message: result.message })}\n\n`;

/** The long-lived build process; `run(undefined)` starts a fresh one (code changed), one build at a time. */
function buildProcess(rootDir: string, contentDir: string, distDir: string) {
  let builder: ChildProcess | undefined;
  let waiting: ((result: DevBuildResult) => void) | undefined;
  const start = () => {
    const child = fork(path.join(rootDir, "server/dev-builder.ts"), [contentDir, distDir, rootDir], {
      cwd: rootDir,
      execArgv: process.execArgv.some((arg) => arg.includes("tsx")) ? process.execArgv : ["--import", "tsx"],
      stdio: "inherit",
    });
    child.on("message", (result: DevBuildResult) => waiting?.(result));
    child.on("exit", (code, signal) => {
      if (builder === child && signal !== "SIGTERM")
        waiting?.({ ok: false, message: `The build process stopped (exit code ${code}).` });
    });
    return child;
  };
  return {
    run: (changed: string[] | undefined) =>
      new Promise<DevBuildResult>((resolve) => {
        if (!changed || !builder) {
          builder?.kill("SIGTERM");
          builder = start();
        }
        waiting = resolve;
        builder.send({ changed: changed ?? [] });
      }),
    stop: () => builder?.disconnect(),
  };
}

/** content/, src/, public/, build/ and lambdas/; atomic saves and renames arrive as one change. */
function watchSources(rootDir: string, contentDir: string, changed: (file: string) => void) {
  const folders = new Set([
    contentDir,
    ...["src", "public", "build", "lambdas"].map((folder) => path.join(rootDir, folder)),
  ]);
  const watcher = watch([...folders], {
    ignoreInitial: true,
    // Editors' swap and backup files, and the generated JSON Schemas, never change the site.
    ignored: (file) => /(^|[/\\])\.(?!\.?[/\\])|~$|\.sw[px]$|[/\\]\.schemas[/\\]/.test(path.relative(rootDir, file)),
  });
  watcher.on("all", (event, file) => {
    if (event !== "addDir") changed(file);
  });
  return watcher;
}
