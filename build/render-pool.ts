import { availableParallelism } from "node:os";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { SiteContent } from "../src/lib/content.ts";
import { BuildError } from "./errors.ts";
import type { RenderedMarkdown } from "./markdown.ts";
import type { RenderAssets, RenderedPage } from "./render.tsx";
import type { WorkerInit, WorkerReply, WorkerRequest } from "./render-worker.ts";
import type { Route } from "./routes.ts";

/** Pages per message: small enough to balance a huge page (the blog list) against many small ones. */
const BATCH = 16;

/** Node options for a worker loading the TypeScript sources: this process's loader, or tsx when the host has its own (vitest). */
function sourceExecArgv(): string[] {
  const hasTsx = process.execArgv.some((arg) => arg.includes("tsx"));
  return hasTsx ? process.execArgv : [...process.execArgv, "--import", "tsx"];
}

/**
 * Worker threads that render markdown and prerender pages on every core. Start it early (the workers load React and
 * the page modules while the main thread reads content), send the content once per build with `setContent`, then
 * `render` routes; `close` when done (the workers keep the process alive). `bundle` is the worker bundled with its
 * modules (build/worker-bundle.ts), which starts without a TypeScript loader; without one the workers load the sources.
 */
export class RenderPool {
  readonly #workers: Promise<Worker[]>;
  readonly #pending = new Map<number, { resolve: (reply: WorkerReply) => void; reject: (error: unknown) => void }>();
  readonly #load = new Map<Worker, number>();
  #nextId = 0;
  #closed = false;

  constructor(init: WorkerInit, size = Math.max(1, availableParallelism()), bundle: Promise<string | undefined> = Promise.resolve(undefined)) {
    this.#workers = bundle.then(
      (file) => Array.from({ length: size }, () => this.#start(init, file)),
      () => Array.from({ length: size }, () => this.#start(init, undefined)),
    );
  }

  /**
   * Sends the content (and the bundle's URLs) every following render uses, and the HTML sizes the last build kept
   * (build/html-sizes.ts); without them the workers measure no sizes.
   */
  async setContent(content: SiteContent, assets: RenderAssets, htmlSizes?: ReadonlyMap<string, number>): Promise<void> {
    const cloneable = { chunks: assets.chunks, stylesheet: assets.stylesheet, loader: assets.loader, inlineScripts: assets.inlineScripts };
    for (const worker of await this.#workers) worker.postMessage({ type: "content", content, assets: cloneable, htmlSizes } satisfies WorkerRequest);
  }

  /** Renders one markdown document on the worker with the fewest requests waiting. */
  async markdown(markdown: string, file: string): Promise<RenderedMarkdown> {
    const worker = (await this.#workers).reduce((best, w) => ((this.#load.get(w) ?? 0) < (this.#load.get(best) ?? 0) ? w : best));
    const id = this.#nextId++;
    this.#load.set(worker, (this.#load.get(worker) ?? 0) + 1);
    const reply = await new Promise<WorkerReply>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      worker.postMessage({ type: "markdown", id, markdown, file } satisfies WorkerRequest);
    }).finally(() => this.#load.set(worker, (this.#load.get(worker) ?? 1) - 1));
    if ("error" in reply) throw reply.error;
    if (!("markdown" in reply)) throw new BuildError(`No markdown came back for ${file}`);
    return reply.markdown;
  }

  /** Renders routes on all workers, each taking the next batch when it is free; pages come back in route order. */
  async render(routes: readonly Route[]): Promise<RenderedPage[]> {
    const byOutFile = new Map(routes.map((route) => [route.outFile, route]));
    const batches: Route[][] = [];
    for (let i = 0; i < routes.length; i += BATCH) batches.push(routes.slice(i, i + BATCH));
    const rendered = new Map<string, RenderedPage>();
    let next = 0;
    const drain = async (worker: Worker) => {
      while (next < batches.length) {
        const batch = batches[next++] ?? [];
        const reply = await this.#ask(worker, batch.map((route) => route.outFile));
        if ("error" in reply) throw reply.error;
        if (!("pages" in reply)) throw new BuildError("A render worker answered a render with something else");
        for (const page of reply.pages) {
          const route = byOutFile.get(page.outFile);
          if (route) rendered.set(page.outFile, { route, head: page.head, html: page.html, htmlGzip: page.htmlGzip, htmlHash: page.htmlHash, references: page.references });
        }
      }
    };
    await Promise.all((await this.#workers).map(drain));
    return routes.map((route) => {
      const page = rendered.get(route.outFile);
      if (!page) throw new BuildError(`No render came back for ${route.path}`);
      return page;
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all((await this.#workers).map((worker) => worker.terminate()));
  }

  #start(init: WorkerInit, bundle: string | undefined): Worker {
    const worker = new Worker(bundle ? pathToFileURL(bundle) : new URL("./render-worker.ts", import.meta.url), {
      workerData: init,
      execArgv: bundle ? [] : sourceExecArgv(),
      // React's production build renders the same HTML several times faster than its development build.
      env: { ...process.env, NODE_ENV: "production" },
    });
    worker.on("message", (reply: WorkerReply) => {
      this.#pending.get(reply.id)?.resolve(reply);
      this.#pending.delete(reply.id);
    });
    worker.on("error", (error) => this.#failAll(error));
    if (this.#closed) void worker.terminate();
    return worker;
  }

  #ask(worker: Worker, outFiles: string[]): Promise<WorkerReply> {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      worker.postMessage({ type: "render", id, outFiles } satisfies WorkerRequest);
    });
  }

  #failAll(error: unknown): void {
    for (const { reject } of this.#pending.values()) reject(new BuildError("A render worker stopped", { cause: error }));
    this.#pending.clear();
  }
}
