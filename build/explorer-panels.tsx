import { renderToString } from "react-dom/server";
import { EXPLORER_PANELS_PATH, ExplorerPanel } from "../src/components/home/product-explorer.tsx";
import type { SiteContent } from "../src/lib/content.ts";
import { PageScope } from "../src/layouts/document.tsx";
import type { OutputFile } from "./bundle.ts";
import type { RenderAssets } from "./render.tsx";

/**
 * Home's product explorer panels, one per product as HTML by its id, rendered by the same component as the panel in
 * the page: home holds the first one only and fetches this file when the explorer nears (src/client/explorer.ts).
 * A panel holds no island (its Buy Now names a dialog that is in the page), so HTML put in place later works as is.
 */
export function explorerPanelsFile(content: SiteContent, assets: RenderAssets): OutputFile {
  const panels = Object.fromEntries(
    content.products.map((product) => [
      product.id,
      renderToString(
        <PageScope content={content} isCurrent={() => false} assets={assets} islands={new Map()}>
          <ExplorerPanel product={product} />
        </PageScope>,
        // Ids unique beside the page's own and the other panels' (the purchase options menu's).
        { identifierPrefix: `explorer-${product.id}-` },
      ),
    ]),
  );
  return { path: EXPLORER_PANELS_PATH.slice(1), contents: Buffer.from(JSON.stringify(panels)) };
}
