import { parentPort, workerData } from "node:worker_threads";
import type { SiteContent } from "../src/lib/content.ts";
import type { PageHead } from "../src/lib/page.ts";
import type { MeasuredHtml } from "./html-sizes.ts";
import type { RenderedMarkdown } from "./markdown.ts";
import type { PageReferences } from "./page-weight.ts";
import type { RenderAssets } from "./render.tsx";
import type { Route } from "./routes.ts";

/**
 * A build worker (build/render-pool.ts starts them): renders markdown as soon as it starts, loads the page and
 * island modules meanwhile, receives the content once per build, then renders the pages it is asked for and
 * measures their gzip size (when the build wants sizes) off the main thread.
 */
export interface WorkerInit {
  pagesDir: string;
  islandsDir: string;
}
export type WorkerRequest =
  | { type: "markdown"; id: number; markdown: string; file: string }
  | {
      type: "content";
      content: SiteContent;
      assets: Omit<RenderAssets, "ids">;
      /** The HTML gzip sizes the last build kept (build/html-sizes.ts); absent when the build wants no sizes. */
      htmlSizes?: ReadonlyMap<string, number>;
    }
  | { type: "render"; id: number; outFiles: string[] }
  /** The gzip sizes of the pages rendered since the content came, asked for once the render is done. */
  | { type: "measure"; id: number };
export interface WorkerPage {
  outFile: string;
  head: PageHead;
  html: string;
  htmlGzip?: number;
  htmlHash?: string;
  references: PageReferences;
}
export type WorkerReply =
  | { id: number; pages: WorkerPage[] }
  | { id: number; markdown: RenderedMarkdown }
  | { id: number; sizes: (MeasuredHtml & { outFile: string })[] }
  | { id: number; error: unknown };

const port = parentPort;
if (!port) throw new Error("build/render-worker.ts runs only as a worker thread");
const init = workerData as WorkerInit;

// Imported after the pool set NODE_ENV=production for this thread, so React loads its fast production build.
const renderer = (async () => {
  const [{ renderPage }, { collectRoutes, preloadPageModules }, { measureHtml }, { islandComponents }] = await Promise.all([
    import("./render.tsx"),
    import("./routes.ts"),
    import("./html-sizes.ts"),
    import("./island-components.ts"),
  ]);
  // Warm up while the main thread loads content: every page module (in the bundle already, or transpiled once from the sources).
  await preloadPageModules(init.pagesDir);
  return { renderPage, collectRoutes, measureHtml, islandComponents };
})();
const markdown = import("./markdown.ts");

let assets: RenderAssets | undefined;
let content: SiteContent | undefined;
let htmlSizes: ReadonlyMap<string, number> | undefined;
/** HTML of the pages rendered for this build whose sizes the build wants, by output file, until it asks for them. */
const unmeasured = new Map<string, string>();
let routes: Map<string, Route> | Error = new Map();
// Content and render requests are handled one at a time, in order: a render never sees half-replaced content.
let queue = Promise.resolve();

async function setContent(next: SiteContent, nextAssets: Omit<RenderAssets, "ids">, sizes: ReadonlyMap<string, number> | undefined): Promise<void> {
  const { collectRoutes, islandComponents } = await renderer;
  content = next;
  htmlSizes = sizes;
  unmeasured.clear();
  try {
    assets = { ...nextAssets, ids: await islandComponents(init.islandsDir, [...nextAssets.chunks.keys()]) };
    routes = new Map((await collectRoutes(init.pagesDir, next)).map((route) => [route.outFile, route]));
  } catch (error) {
    routes = error instanceof Error ? error : new Error(String(error));
  }
}

async function render(outFiles: readonly string[]): Promise<WorkerPage[]> {
  const { renderPage } = await renderer;
  if (routes instanceof Error) throw routes;
  return outFiles.map((outFile) => {
    const route = routes instanceof Map ? routes.get(outFile) : undefined;
    if (!route || !content || !assets) throw new Error(`The render worker has no route for ${outFile}`);
    const page = renderPage(route, content, assets);
    if (htmlSizes) unmeasured.set(outFile, page.html);
    return { outFile, head: page.head, html: page.html, references: page.references };
  });
}

/** Sizes are measured after the render, while the main thread writes the site: the render finishes sooner. */
async function measure(): Promise<(MeasuredHtml & { outFile: string })[]> {
  const { measureHtml } = await renderer;
  const known = htmlSizes ?? new Map<string, number>();
  const sizes = [...unmeasured].map(([outFile, html]) => ({ outFile, ...measureHtml(html, known) }));
  unmeasured.clear();
  return sizes;
}

port.on("message", (request: WorkerRequest) => {
  if (request.type === "markdown") {
    markdown
      .then(({ renderMarkdown }) => renderMarkdown(request.markdown, request.file))
      .then(
        (rendered) => port.postMessage({ id: request.id, markdown: rendered } satisfies WorkerReply),
        (error: unknown) => port.postMessage({ id: request.id, error } satisfies WorkerReply),
      );
    return;
  }
  queue = queue.then(async () => {
    if (request.type === "content") return setContent(request.content, request.assets, request.htmlSizes);
    try {
      if (request.type === "measure") port.postMessage({ id: request.id, sizes: await measure() } satisfies WorkerReply);
      else port.postMessage({ id: request.id, pages: await render(request.outFiles) } satisfies WorkerReply);
    } catch (error) {
      port.postMessage({ id: request.id, error } satisfies WorkerReply);
    }
  });
});
