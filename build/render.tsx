import { renderToString } from "react-dom/server";
import type { SiteContent } from "../src/lib/content.ts";
import { setIslandRuntime } from "../src/lib/island.tsx";
import type { PageContext, PageHead } from "../src/lib/page.ts";
import { Document, type DocumentAssets } from "../src/layouts/document.tsx";
import { BuildError } from "./errors.ts";
import type { IslandBundle } from "./islands.ts";
import type { Route } from "./routes.ts";

export interface RenderedPage {
  route: Route;
  head: PageHead;
  html: string;
}

/** Prerenders every route to a complete HTML document with React's server renderer. */
export function renderRoutes(routes: Route[], content: SiteContent, bundle: IslandBundle): RenderedPage[] {
  setIslandRuntime({ chunks: bundle.chunks, ids: bundle.ids });
  const assets: DocumentAssets = { stylesheet: bundle.stylesheet, loader: bundle.loader, inlineScripts: bundle.inlineScripts };
  return routes.map((route) => {
    try {
      const context: PageContext = { content, params: route.params, path: route.path };
      const data = route.definition.data(context);
      const head = route.definition.head(data, context);
      const { Page } = route.definition;
      const body = renderToString(
        <Document content={content} head={head} path={route.path} assets={assets} special={route.special}>
          <Page {...(data as object)} />
        </Document>,
      );
      return { route, head, html: `<!doctype html>${body}` };
    } catch (cause) {
      throw new BuildError(`Having trouble rendering ${route.path} from src/pages/${route.module}`, { cause });
    }
  });
}
