import path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { bundleIslands } from "../../../build/bundle.ts";
import { explorerPanelsFile } from "../../../build/plugins/explorer-panels.tsx";
import { elementsOf, parseFragment, parsePage } from "../../../build/html-tree.ts";
import { readSiteContent } from "../../../build/read-content.ts";
import { type RenderAssets, renderPage } from "../../../build/render.tsx";
import { collectRoutes } from "../../../build/routes.ts";
import { EXPLORER_PANELS_PATH } from "../../../src/components/home/product-explorer.tsx";
import { buyMode } from "../../../src/lib/buy-mode.ts";
import type { SiteContent } from "../../../src/lib/content.ts";
import { ROOT } from "../../fixtures/content.ts";

describe("explorerPanelsFile", () => {
  let content: SiteContent;
  let assets: RenderAssets;
  let panels: Record<string, string>;
  let home: string;

  beforeAll(async () => {
    content = await readSiteContent();
    assets = await bundleIslands({ rootDir: ROOT, islandsDir: path.join(ROOT, "src/islands") });
    const file = explorerPanelsFile(content, assets);
    expect(`/${file.path}`).toBe(EXPLORER_PANELS_PATH);
    panels = JSON.parse(Buffer.from(file.contents).toString("utf8")) as Record<string, string>;
    const routes = await collectRoutes(path.join(ROOT, "src/pages"), content);
    const route = routes.find((each) => each.path === "/");
    if (!route) throw new Error("No home route");
    home = renderPage(route, content, assets).html;
  });

  test("should hold one panel per product, titled with its name; a product sold directly has its inquiry form and Buy Now opens its dialog", () => {
    expect(Object.keys(panels)).toEqual(content.products.map((product) => product.id));
    expect(content.products.some((product) => buyMode(product) === "dialog")).toBe(true);
    for (const product of content.products) {
      const elements = elementsOf(parseFragment(panels[product.id] ?? ""));
      expect(elements[0]?.tagName, product.id).toBe("article");
      const title = elements.find((element) => element.tagName === "h3");
      expect(title?.children.map((child) => (child.type === "text" ? child.value : "")).join(""), product.id).toBe(
        product.name,
      );
      const sold = buyMode(product) === "dialog";
      const islands = elements.filter((e) => e.tagName === "site-island").map((e) => String(e.properties.dataIsland));
      expect(islands, product.id).toEqual(sold ? ["product-inquiry-form"] : []);
      if (!sold) continue;
      const button = elements.find((e) => e.tagName === "button" && e.properties.command === "show-modal");
      const dialogs = elements.filter((e) => e.tagName === "dialog").map((d) => String(d.properties.id));
      expect(dialogs, product.id).toEqual([String(button?.properties.commandFor ?? button?.properties.commandfor)]);
    }
  });

  test("should leave home without a purchase dialog while the first product is not sold directly", () => {
    const [first] = content.products;
    expect(first && buyMode(first)).not.toBe("dialog");
    const inquiry = elementsOf(parsePage(home)).filter((element) =>
      String(element.properties.className ?? "").includes("product-inquiry-dialog"),
    );
    expect(inquiry).toEqual([]);
  });

  test("should leave the other products' panels out of home's HTML", () => {
    const articles = elementsOf(parsePage(home)).filter(
      (element) =>
        element.tagName === "article" && String(element.properties.className ?? "").includes("explorer__panel"),
    );
    expect(articles).toHaveLength(1);
  });
});
