import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pageReferences, scriptImports, weighPages } from "../../quality/page-weight.ts";
import { gzipSize } from "../../../build/write.ts";

describe("page weight", () => {
  let dir: string;
  const css = "body{margin:0;background:url(/images/bg.png)}";
  const loader = "import './shared.js';";
  const shared = "export const shared = 1;";
  const menu = "console.log('menu');";
  const html = [
    '<!doctype html><html><head><link rel="stylesheet" href="/assets/site.css"/><link rel="icon" href="/favicon.svg"/>',
    '<script>console.log("inline")</script><script type="module" src="/assets/loader.js"></script></head><body>',
    '<site-island data-island="menu" data-src="/assets/menu.js" data-hydrate="load"><script type="application/json">{"src":"/x.png"}</script></site-island>',
    '<picture><source srcset="/images/a-small.webp 1x, /images/a-large.webp 2x"/><img src="/images/a.png"/></picture>',
    "</body></html>",
  ].join("");
  const imports = new Map([["/assets/loader.js", ["/assets/shared.js"]]]);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "page-weight-"));
    await mkdir(path.join(dir, "assets"));
    await mkdir(path.join(dir, "images"));
    const files: [string, string | Buffer][] = [
      ["assets/site.css", css],
      ["assets/loader.js", loader],
      ["assets/shared.js", shared],
      ["assets/menu.js", menu],
      ["favicon.svg", "<svg/>"],
      ["images/bg.png", Buffer.alloc(300)],
      ["images/a.png", Buffer.alloc(500)],
      ["images/a-small.webp", Buffer.alloc(100)],
      ["images/a-large.webp", Buffer.alloc(900)],
    ];
    await Promise.all(files.map(([file, contents]) => writeFile(path.join(dir, file), contents)));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  test("counts what a page loads: its stylesheet, scripts on load, the largest image candidate, the icon", async () => {
    const [weight] = await weighPages(dir, [{ path: "/", html }], imports);
    expect(weight?.css).toBe(gzipSize(css));
    expect(weight?.jsCriticalPath).toBe(
      gzipSize(loader) + gzipSize(shared) + gzipSize(menu) + gzipSize('console.log("inline")'),
    );
    expect(weight?.islandsOnLoad).toEqual(["menu"]);
    // The 2x candidate, the favicon, and the background the stylesheet points at.
    expect(weight?.media).toBe(900 + gzipSize("<svg/>") + 300);
    expect(weight?.missing).toEqual([]);
  });

  test("reads each script's static imports from the built files, as esbuild parses them", async () => {
    const found = await scriptImports(dir);
    expect(found.get("/assets/loader.js")).toEqual(["/assets/shared.js"]);
    expect(found.get("/assets/menu.js")).toEqual([]);
    const [weight] = await weighPages(dir, [{ path: "/", html }]);
    expect(weight?.jsCriticalPath).toBe(
      gzipSize(loader) + gzipSize(shared) + gzipSize(menu) + gzipSize('console.log("inline")'),
    );
  });

  test("lists what a page loads in page order, pictures before the other images", () => {
    // An image before a picture, islands and scripts in several parts: the page lists pictures before other images.
    const parts = [
      '<!doctype html><html><head><link rel="icon" href="/favicon.ico"/><link rel="icon" href="/favicon.svg"/><link rel="stylesheet" href="/assets/site.css"/><script>one()</script><script type="module" src="/assets/loader.js"></script></head><body>',
      '<header><img src="/images/logo.png"/><site-island data-island="menu" data-src="/assets/menu.js" data-hydrate="idle"><script type="application/json">{"src":"/x.png"}</script></site-island></header>',
      '<main><picture><source srcset="/images/a-small.webp 1x, /images/a-large.webp 2x"/><img src="/images/a.png"/></picture><script>two()</script>',
      '<site-island data-island="form" data-src="/assets/form.js" data-hydrate="load"></site-island></main>',
      '<footer><img src="/images/b.png" srcset="/images/b-2x.png 2x"/></footer></body></html>',
    ];
    const whole = pageReferences(parts.join(""));
    expect(whole.images).toEqual([
      ["/images/a-small.webp", "/images/a-large.webp", "/images/a.png"],
      ["/images/logo.png"],
      ["/images/b.png", "/images/b-2x.png"],
    ]);
    expect(whole.islands).toEqual(["/assets/menu.js", "/assets/form.js"]);
    expect(whole.icon).toBe("/favicon.svg");
  });

  test("reads what a picture holds as anywhere else, and a picture left open as the browser does: up to the end of the page", () => {
    const html = [
      '<picture><script>a()</script><source srcset="/a.webp"/><img src="/a.png"/><link rel="stylesheet" href="/p.css"/></picture>',
      '<img src="/b.png"/><picture><img src="/open.png"/>',
      '<site-island data-island="x" data-src="/x.js" data-hydrate="load"></site-island>',
      '<script type="application/json">{"<img src=\\"/in-props.png\\">":1}</script>',
    ].join("");
    const references = pageReferences(html);
    expect(references.images).toEqual([["/a.webp", "/a.png"], ["/open.png"], ["/b.png"]]);
    expect(references.stylesheets).toEqual(["/p.css"]);
    expect(references.islandsOnLoad).toEqual(["x"]);
    expect(references.inline).toBe(gzipSize("a()"));
  });
});
