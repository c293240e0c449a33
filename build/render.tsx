import { renderToString } from "react-dom/server";
import type { SiteContent } from "../src/lib/content.ts";
import { setIslandRuntime } from "../src/lib/island.tsx";
import type { PageContext, PageHead } from "../src/lib/page.ts";
import { Document, type DocumentAssets } from "../src/layouts/document.tsx";
import { BuildError } from "./errors.ts";
import type { IslandBundle } from "./islands.ts";
import type { PageReferences } from "./page-weight.ts";
import type { Route } from "./routes.ts";

export interface RenderedPage {
  route: Route;
  head: PageHead;
  html: string;
  /** gzip size of `html`, when a render worker measured it already (the size report measures the rest). */
  htmlGzip?: number;
  /** What the HTML loads, when a render worker read it already (build/page-weight.ts). */
  references?: PageReferences;
}

/** What a page render needs besides its route and the content: the bundle's URLs and inline scripts. */
export type RenderAssets = Pick<IslandBundle, "chunks" | "ids" | "stylesheet" | "loader" | "inlineScripts">;

/** A route's data and head; also what the incremental build compares to decide whether a page must be rendered again. */
export function pageData(route: Route, content: SiteContent): { data: unknown; head: PageHead } {
  const context: PageContext = { content, params: route.params, path: route.path };
  const data = route.definition.data(context);
  return { data, head: route.definition.head(data, context) };
}

/**
 * Prerenders one route to a complete HTML document with React's server renderer. The island counter starts afresh
 * for each page, so a page's HTML depends only on its own inputs: the same in a worker, in-process or incrementally.
 */
export function renderPage(route: Route, content: SiteContent, assets: RenderAssets): Omit<RenderedPage, "route"> {
  try {
    setIslandRuntime({ chunks: assets.chunks, ids: assets.ids });
    const { data, head } = pageData(route, content);
    const documentAssets: DocumentAssets = { stylesheet: assets.stylesheet, loader: assets.loader, inlineScripts: assets.inlineScripts };
    const { Page } = route.definition;
    const body = renderToString(
      <Document content={content} head={head} path={route.path} assets={documentAssets} special={route.special}>
        <Page {...(data as object)} />
      </Document>,
    );
    return { head, html: `<!doctype html>${body}` };
  } catch (cause) {
    throw new BuildError(`Having trouble rendering ${route.path} from src/pages/${route.module}`, { cause });
  }
}

/** Prerenders routes in this thread (small sites, tests); build/render-pool.ts spreads large sites over workers. */
export function renderRoutes(routes: Route[], content: SiteContent, bundle: RenderAssets): RenderedPage[] {
  return routes.map((route) => ({ route, ...renderPage(route, content, bundle) }));
}
