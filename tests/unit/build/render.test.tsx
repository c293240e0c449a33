import path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { bundleIslands } from "../../../build/bundle.ts";
import { type RenderAssets, renderPage } from "../../../build/render.tsx";
import { readSiteContent } from "../../../build/read-content.ts";
import { collectRoutes, type Route } from "../../../build/routes.ts";
import CookieSettings from "../../../src/islands/cookie-settings.tsx";
import type { SiteContent } from "../../../src/lib/content.ts";
import { Island } from "../../../src/lib/island-wrapper.tsx";
import { definePage } from "../../../src/lib/page.ts";
import { ROOT } from "../../fixtures/content.ts";

/**
 * Every page reads exactly as if it had been rendered alone: nothing carries over from one page's render to the next
 * (menus, island numbers), which the incremental build relies on.
 */
describe("renderPage", () => {
  let content: SiteContent;
  let assets: RenderAssets;
  let routes: Route[];
  const alone = (route: Route) => renderPage(route, content, { ...assets });
  const route = (routePath: string) => {
    const found = routes.find((candidate) => candidate.path === routePath);
    if (!found) throw new Error(`No route ${routePath}`);
    return found;
  };
  const currentLinks = (html: string) =>
    [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*aria-current="page"/g)].map(([, href]) => href);

  beforeAll(async () => {
    content = await readSiteContent();
    const bundle = await bundleIslands({ rootDir: ROOT, islandsDir: path.join(ROOT, "src/islands") });
    assets = bundle;
    routes = await collectRoutes(path.join(ROOT, "src/pages"), content);
  });

  test("renders every page of the site exactly as it renders it alone, one after another", () => {
    const shared = { ...assets };
    const pages = routes.map((each) => renderPage(each, content, shared).html);
    for (const [i, each] of routes.entries()) expect(pages[i], each.path).toBe(alone(each).html);
  });

  test("marks the page's own section and product as current in the menus", () => {
    const post = content.posts[0];
    const product = content.products[1];
    if (!post || !product) throw new Error("The site has no posts or fewer than two products");
    const shared = { ...assets };
    const pages = ["/about", `/blog/${post.slug}`, `/products/${product.id}`, "/about"].map(
      (at) => renderPage(route(at), content, shared).html,
    );
    expect(pages.map(currentLinks)).toEqual([
      ["/about", "/about"],
      ["/blog", "/blog"],
      [`/products/${product.id}`, "/products"],
      ["/about", "/about"],
    ]);
    // The Apps menu button is the current section on a product page only.
    expect(pages.map((html) => /<button[^>]*apps-menu__button[^>]*aria-current="true"/.test(html))).toEqual([
      false,
      false,
      true,
      false,
    ]);
  });

  test("numbers the shell's islands after the page's own, so no two islands on a page share an id", () => {
    // A page that shows the cookie settings button itself, as the footer does.
    const withSettings: Route = {
      ...route("/about"),
      path: "/settings",
      outFile: "settings/index.html",
      definition: definePage({
        data: () => ({}),
        head: () => ({ title: "Cookie settings", description: "Cookie settings" }),
        Page: () => <Island of={CookieSettings} props={{}} hydrate="interaction" />,
      }) as Route["definition"],
    };
    const shared = { ...assets };
    // The policy page marks no menu item current either: only the numbers tell the two shells apart.
    const pages = [withSettings, route("/privacy"), withSettings].map((each) => renderPage(each, content, shared).html);
    const prefixes = (html: string) =>
      [...html.matchAll(/data-prefix="(cookie-settings-\d+-)"/g)].map(([, prefix]) => prefix);
    expect(pages.map(prefixes)).toEqual([
      ["cookie-settings-1-", "cookie-settings-2-"],
      ["cookie-settings-1-"],
      ["cookie-settings-1-", "cookie-settings-2-"],
    ]);
    expect(pages[2]).toBe(alone(withSettings).html);
  });
});
