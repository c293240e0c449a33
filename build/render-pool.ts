import { availableParallelism } from "node:os";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { SiteContent } from "../src/lib/content.ts";
import { BuildError } from "./errors.ts";
import type { MeasuredHtml } from "./html-sizes.ts";
import { type RenderedMarkdown, renderMarkdown } from "./markdown.ts";
import type { RenderAssets, RenderedPage } from "./render.tsx";
import type { WorkerInit, WorkerReply, WorkerRequest } from "./render-worker.ts";
import type { Route } from "./routes.ts";

/** Pages per message: small enough to balance a huge page (the blog list) against many small ones. */
const BATCH = 16;
/**
 * Markdown documents a worker holds at once: enough for a few dozen milliseconds, so it does not idle while this thread
 * is busy drawing a share card and hands out the next ones late.
 */
const MARKDOWN_IN_FLIGHT = 32;

interface MarkdownTask {
  markdown: string;
  file: string;
  resolve: (rendered: RenderedMarkdown) => void;
  reject: (error: unknown) => void;
}

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
  /** Markdown documents no worker has taken yet, and how many each worker holds. */
  readonly #markdownQueue: MarkdownTask[] = [];
  readonly #inFlight = new Map<Worker, number>();
  /** The workers once started (the bundle they load may still be in the making before that). */
  #started: Worker[] = [];
  /** Whether some worker has answered: until then this thread renders markdown itself (see markdown()). */
  #answered = false;
  #helping = false;
  #nextId = 0;
  #closed = false;

  constructor(init: WorkerInit, size = Math.max(1, availableParallelism()), bundle: Promise<string | undefined> = Promise.resolve(undefined)) {
    this.#workers = bundle.then(
      (file) => Array.from({ length: size }, () => this.#start(init, file)),
      () => Array.from({ length: size }, () => this.#start(init, undefined)),
    );
    void this.#workers.then((workers) => {
      this.#started = workers;
      this.#dispatchMarkdown();
    });
  }

  /**
   * Sends the content (and the bundle's URLs) every following render uses, and the HTML sizes the last build kept
   * (build/html-sizes.ts); without them the workers measure no sizes.
   */
  async setContent(content: SiteContent, assets: RenderAssets, htmlSizes?: ReadonlyMap<string, number>): Promise<void> {
    const cloneable = { chunks: assets.chunks, imports: assets.imports, stylesheet: assets.stylesheet, loader: assets.loader, inlineScripts: assets.inlineScripts };
    for (const worker of await this.#workers) worker.postMessage({ type: "content", content, assets: cloneable, htmlSizes } satisfies WorkerRequest);
  }

  /**
   * Renders one markdown document on whichever is free first. Workers take documents a couple at a time; until one of
   * them has answered (a cold build waits for their bundle, then for them to start) this thread, idle meanwhile,
   * renders from the same queue, one document per turn of the event loop.
   */
  markdown(markdown: string, file: string): Promise<RenderedMarkdown> {
    const rendered = new Promise<RenderedMarkdown>((resolve, reject) => this.#markdownQueue.push({ markdown, file, resolve, reject }));
    this.#dispatchMarkdown();
    return rendered;
  }

  #dispatchMarkdown(): void {
    for (const worker of this.#started) {
      while ((this.#inFlight.get(worker) ?? 0) < MARKDOWN_IN_FLIGHT) {
        const task = this.#markdownQueue.shift();
        if (!task) return;
        this.#sendMarkdown(worker, task);
      }
    }
    if (this.#answered || this.#helping || !this.#markdownQueue.length) return;
    this.#helping = true;
    setImmediate(() => {
      const task = this.#answered ? undefined : this.#markdownQueue.shift();
      const done = task ? renderMarkdown(task.markdown, task.file).then(task.resolve, task.reject) : Promise.resolve();
      void done.finally(() => {
        this.#helping = false;
        this.#dispatchMarkdown();
      });
    });
  }

  #sendMarkdown(worker: Worker, task: MarkdownTask): void {
    const id = this.#nextId++;
    this.#inFlight.set(worker, (this.#inFlight.get(worker) ?? 0) + 1);
    this.#pending.set(id, {
      resolve: (reply) => {
        this.#answered = true;
        this.#inFlight.set(worker, (this.#inFlight.get(worker) ?? 1) - 1);
        if ("error" in reply) task.reject(reply.error);
        else if ("markdown" in reply) task.resolve(reply.markdown);
        else task.reject(new BuildError(`No markdown came back for ${task.file}`));
        this.#dispatchMarkdown();
      },
      reject: task.reject,
    });
    worker.postMessage({ type: "markdown", id, markdown: task.markdown, file: task.file } satisfies WorkerRequest);
  }

  /**
   * Renders routes on all workers, each taking the next batch when it is free; pages come back in route order. Each
   * worker holds two batches, so it goes on rendering while this thread is busy (drawing share cards) and answers late.
   */
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
          if (route) rendered.set(page.outFile, { route, head: page.head, html: page.html, references: page.references });
        }
      }
    };
    await Promise.all((await this.#workers).flatMap((worker) => [drain(worker), drain(worker)]));
    return routes.map((route) => {
      const page = rendered.get(route.outFile);
      if (!page) throw new BuildError(`No render came back for ${route.path}`);
      return page;
    });
  }

  /**
   * The gzip sizes of the pages the workers rendered since setContent, when it passed sizes: measured after the render
   * (see build/render-worker.ts), by output file.
   */
  async measure(): Promise<Map<string, MeasuredHtml>> {
    const measured = new Map<string, MeasuredHtml>();
    await Promise.all(
      (await this.#workers).map(async (worker) => {
        const id = this.#nextId++;
        const reply = await new Promise<WorkerReply>((resolve, reject) => {
          this.#pending.set(id, { resolve, reject });
          worker.postMessage({ type: "measure", id } satisfies WorkerRequest);
        });
        if ("error" in reply) throw reply.error;
        if (!("sizes" in reply)) throw new BuildError("A render worker answered a measure with something else");
        for (const { outFile, htmlGzip, htmlHash } of reply.sizes) measured.set(outFile, { htmlGzip, htmlHash });
      }),
    );
    return measured;
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
    const failure = new BuildError("A render worker stopped", { cause: error });
    for (const { reject } of this.#pending.values()) reject(failure);
    this.#pending.clear();
    for (const task of this.#markdownQueue.splice(0)) task.reject(failure);
  }
}
