import { readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { pngSize } from "../../../build/plugins/drawing/png.ts";
import type { OutputFile } from "../../../build/styles.ts";
import { buildSiteIcons, webManifest } from "../../../build/plugins/site-icons/site-icons.ts";
import { themeTokens } from "../../../src/lib/design-tokens.ts";
import { ROOT } from "../../fixtures/content.ts";

const site = { name: "Nexaworks Apps", shortName: "Nexaworks", description: "Ready-made SaaS apps." };

describe("buildSiteIcons", () => {
  let files: Map<string, Buffer>;
  beforeAll(async () => {
    const out: OutputFile[] = await buildSiteIcons({
      site,
      logoFile: path.join(ROOT, "public/favicon.svg"),
      tokensFile: path.join(ROOT, "src/styles/tokens.css"),
    });
    files = new Map(out.map((f) => [f.path, Buffer.from(f.contents)]));
  });

  test("should write favicon.ico (16, 32 and 48 pixels), the apple-touch icon, two manifest icons at their sizes and the manifest", () => {
    expect([...files.keys()].sort()).toEqual([
      "apple-touch-icon.png",
      "favicon.ico",
      "icon-192.png",
      "icon-512.png",
      "site.webmanifest",
    ]);
    const sizes = [180, 192, 512].map((n) => ({ width: n, height: n }));
    const pngs = ["apple-touch-icon.png", "icon-192.png", "icon-512.png"].map((f) => files.get(f) ?? Buffer.alloc(0));
    expect(pngs.map(pngSize)).toEqual(sizes);
    const ico = files.get("favicon.ico") ?? Buffer.alloc(0);
    expect([ico.readUInt16LE(4), ...[0, 1, 2].map((i) => ico.readUInt8(6 + i * 16))]).toEqual([3, 16, 32, 48]);
  });

  test("should take the manifest's colours from the light theme's design tokens and list icons that exist", async () => {
    const tokens = themeTokens(await readFile(path.join(ROOT, "src/styles/tokens.css"), "utf8")).light;
    const manifest = JSON.parse(files.get("site.webmanifest")?.toString("utf8") ?? "{}") as ReturnType<
      typeof webManifest
    >;
    expect(manifest).toMatchObject({
      name: site.name,
      short_name: "Nexaworks",
      start_url: "/",
      theme_color: tokens.get("--color-primary"),
      background_color: tokens.get("--color-bg"),
    });
    expect(manifest.icons.map((icon) => [icon.sizes, files.has(icon.src.slice(1))])).toEqual([
      ["192x192", true],
      ["512x512", true],
    ]);
  });
});

describe("webManifest", () => {
  test("should use the name under the icon when the site has no short name", () => {
    expect(webManifest({ name: "Shop", description: "d" }, { primary: "#000000", bg: "#ffffff" }).short_name).toBe(
      "Shop",
    );
  });
});
