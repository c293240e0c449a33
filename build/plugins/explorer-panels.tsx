import { renderToString } from "react-dom/server";
import { EXPLORER_PANELS_PATH, ExplorerPanel } from "../../src/components/home/product-explorer.tsx";
import type { SiteContent } from "../../src/lib/content.ts";
import { PageScope } from "../../src/layouts/document.tsx";
import { setIslandManifest } from "../../src/lib/island-wrapper.tsx";
import { iconSprite } from "../../src/components/icon.tsx";
import { plugin } from "../plugin.ts";
import type { OutputFile } from "../styles.ts";
import type { RenderAssets } from "../render.tsx";

/**
 * Home's product explorer panels, one per product as HTML by its id, rendered by the same component as the panel in
 * the page: home holds the first one only and fetches this file when the explorer nears (src/client/explorer.ts).
 * A product sold directly brings its inquiry dialog and the dialog's form island in its panel; the explorer wakes it
 * when it puts the panel in place, so home carries no dialog for a product nobody chose.
 */
export function explorerPanelsFile(content: SiteContent, assets: RenderAssets): OutputFile {
  setIslandManifest({ chunks: assets.chunks, ids: assets.ids, imports: assets.imports });
  const panels = Object.fromEntries(
    content.products.map((product) => [
      product.id,
      renderToString(
        <PageScope content={content} isCurrent={() => false} assets={assets} islands={new Map()}>
          <ExplorerPanel product={product} />
        </PageScope>,
        // Ids unique beside the page's own and the other panels' (the purchase options menu's, the inquiry dialog's).
        { identifierPrefix: `explorer-${product.id}-` },
      ),
    ]),
  );
  return { path: EXPLORER_PANELS_PATH.slice(1), contents: Buffer.from(JSON.stringify(panels)) };
}

/** What the pages fetch besides the bundle, made with them: the explorer's panels and the icon sprite. */
export const pageAssets = plugin({
  name: "page assets",
  when: "first",
  needs: (site) => site,
  paths: () => [EXPLORER_PANELS_PATH, iconSprite().path],
  make: async ({ content, bundle }) => {
    const sprite = iconSprite();
    const files = [
      explorerPanelsFile(content, bundle),
      { path: sprite.path.slice(1), contents: Buffer.from(sprite.text) },
    ];
    return { files, detail: "2 files" };
  },
});
