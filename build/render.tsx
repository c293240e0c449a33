import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import type { SiteContent } from "../src/lib/content.ts";
import { setIslandManifest } from "../src/lib/island-wrapper.tsx";
import type { PageContext, PageHead } from "../src/lib/page.ts";
import { isCurrentPath } from "../src/components/site-context.tsx";
import { Document, Main, PageScope } from "../src/layouts/document.tsx";
import { ShellBottom, ShellTop } from "../src/layouts/shell.tsx";
import { BuildError } from "./errors.ts";
import type { IslandBundle } from "./bundle.ts";
import type { Route } from "./routes.ts";

export interface RenderedPage {
  route: Route;
  head: PageHead;
  html: string;
}

/** What a page render needs besides its route and the content: the bundle's URLs and inline scripts. */
export type RenderAssets = Pick<
  IslandBundle,
  "chunks" | "ids" | "imports" | "stylesheet" | "loader" | "inlineScripts" | "modules"
>;

/** A route's data and head; also what the incremental build compares to decide whether a page must be rendered again. */
export function pageData(route: Route, content: SiteContent): { data: unknown; head: PageHead } {
  const context: PageContext = { content, params: route.params, path: route.path };
  const data = route.definition.data(context);
  return { data, head: route.definition.head(data, context) };
}

/**
 * Prerenders one route to a complete HTML document with React's server renderer: the page first (the head links the
 * stylesheets the page uses), then the shell around it, then the document. The island counter starts afresh for each
 * page and the shell's islands continue the page's numbers, so a page's HTML depends only on its own inputs: the same
 * in a clean build as in an incremental one.
 */
export function renderPage(route: Route, content: SiteContent, assets: RenderAssets): Omit<RenderedPage, "route"> {
  try {
    setIslandManifest({ chunks: assets.chunks, ids: assets.ids, imports: assets.imports });
    const { data, head } = pageData(route, content);
    const { Page } = route.definition;
    const islands = new Map<string, number>();
    const isCurrent = (href: string) => isCurrentPath(href, route.path);
    const scoped = (node: ReactNode, options?: { identifierPrefix: string }) =>
      renderToString(
        <PageScope content={content} isCurrent={isCurrent} assets={assets} islands={islands}>
          {node}
        </PageScope>,
        options,
      );
    const page = scoped(<Page {...(data as object)} />, { identifierPrefix: "page-" });
    const body = scoped(<ShellTop />) + renderToString(<Main page={page} />) + scoped(<ShellBottom />);
    const document = renderToString(
      <Document
        content={content}
        head={head}
        path={route.path}
        assets={assets}
        special={route.special}
        page={page}
        body={body}
      />,
    );
    return { head, html: `<!doctype html>${document}` };
  } catch (cause) {
    throw new BuildError(`Having trouble rendering ${route.path} from src/pages/${route.module}`, { cause });
  }
}
