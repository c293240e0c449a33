import { renderToString } from "react-dom/server";
import type { SiteContent } from "../src/lib/content.ts";
import { setIslandRuntime } from "../src/lib/island.tsx";
import type { PageContext, PageHead } from "../src/lib/page.ts";
import { isCurrentPath } from "../src/components/site-context.tsx";
import { Document, Main, PageScope } from "../src/layouts/document.tsx";
import { BuildError } from "./errors.ts";
import type { IslandBundle } from "./islands.ts";
import { joinScans, type PageReferences, scanReferences } from "./page-weight.ts";
import type { Route } from "./routes.ts";
import { ShellCache } from "./shell.tsx";

export interface RenderedPage {
  route: Route;
  head: PageHead;
  html: string;
  /** gzip size of `html`, when the build wants sizes and measured it already (the size report measures the rest). */
  htmlGzip?: number;
  /** What `htmlGzip` is kept under for the next build (build/html-sizes.ts). */
  htmlHash?: string;
  /** What the HTML loads (build/page-weight.ts), read as the page was put together. */
  references: PageReferences;
}

/** What a page render needs besides its route and the content: the bundle's URLs and inline scripts. */
export type RenderAssets = Pick<IslandBundle, "chunks" | "ids" | "imports" | "stylesheet" | "loader" | "inlineScripts">;

/** A route's data and head; also what the incremental build compares to decide whether a page must be rendered again. */
export function pageData(route: Route, content: SiteContent): { data: unknown; head: PageHead } {
  const context: PageContext = { content, params: route.params, path: route.path };
  const data = route.definition.data(context);
  return { data, head: route.definition.head(data, context) };
}

const BODY_START = "<body>";
const BODY_END = "</body></html>";

// The shells of the build being rendered (a new build brings new content and assets, and so a new cache).
let shells: ShellCache | undefined;

/**
 * Prerenders one route to a complete HTML document with React's server renderer: the page, then the shell around it
 * (rendered once for many pages, build/shell.tsx), then the head, which links what the page uses. The island counter
 * starts afresh for each page, so a page's HTML depends only on its own inputs: the same in a worker, in-process or
 * incrementally. Also reads what the page loads (build/page-weight.ts), the shell's part once per shell.
 */
export function renderPage(route: Route, content: SiteContent, assets: RenderAssets): Omit<RenderedPage, "route"> {
  try {
    setIslandRuntime({ chunks: assets.chunks, ids: assets.ids, imports: assets.imports });
    const { data, head } = pageData(route, content);
    const { Page } = route.definition;
    const islands = new Map<string, number>();
    const isCurrent = (href: string) => isCurrentPath(href, route.path);
    const page = renderToString(
      <PageScope content={content} isCurrent={isCurrent} assets={assets} islands={islands}>
        <Page {...(data as object)} />
      </PageScope>,
      { identifierPrefix: "page-" },
    );
    if (shells?.content !== content || shells.assets !== assets) shells = new ShellCache(content, assets);
    const shell = shells.get(route.path, islands);
    const main = renderToString(<Main page={page} />);
    const body = shell.top + main + shell.bottom;
    const document = renderToString(<Document content={content} head={head} path={route.path} assets={assets} special={route.special} page={page} body={body} />);
    // The head is the document up to its body, which React writes as given (innerHTML): checked by its frame only.
    const headEnd = document.length - body.length - BODY_END.length;
    if (!document.endsWith(BODY_END) || !document.startsWith(BODY_START, headEnd - BODY_START.length)) throw new BuildError("React wrote the <body> other than as given");
    const references = joinScans([scanReferences(document.slice(0, headEnd)), shell.topScan, scanReferences(main), shell.bottomScan]);
    return { head, html: `<!doctype html>${document}`, references };
  } catch (cause) {
    throw new BuildError(`Having trouble rendering ${route.path} from src/pages/${route.module}`, { cause });
  }
}

/** Prerenders routes in this thread (small sites, tests); build/render-pool.ts spreads large sites over workers. */
export function renderRoutes(routes: Route[], content: SiteContent, bundle: RenderAssets): RenderedPage[] {
  return routes.map((route) => ({ route, ...renderPage(route, content, bundle) }));
}
