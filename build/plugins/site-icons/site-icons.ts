import { readFile } from "node:fs/promises";
import path from "node:path";
import {
  APPLE_TOUCH_SIZE,
  FAVICON_SIZES,
  MANIFEST_ICON_SIZES,
  SITE_ICONS,
  manifestIconPath,
} from "../../../src/lib/site-icons.ts";
import type { Site } from "../../../src/schemas/site.ts";
import { BuildCache, digest } from "../../cache.ts";
import { rethrowAs } from "../../errors.ts";
import { pngsToIco } from "./ico.ts";
import { RESVG_WASM, SHARP_VERSIONS, svgToPng } from "../drawing/raster.ts";
import type { OutputFile } from "../../styles.ts";
import { type BrandColors, brandFiles, readBrandColors } from "../drawing/brand.ts";
import { plugin } from "../../plugin.ts";

export interface SiteIconsInput {
  site: Pick<Site, "name" | "shortName" | "description">;
  /** The one source logo, an SVG (public/favicon.svg). */
  logoFile: string;
  /** src/styles/tokens.css: theme and background colours. */
  tokensFile: string;
  /** The build's cache; without one every icon is drawn. */
  cache?: BuildCache;
}

/** The apple-touch icon's logo covers this share of its side; the rest is the page background, as iOS expects an opaque square. */
const APPLE_TOUCH_LOGO_SCALE = 0.8;
const ROOT = path.resolve(import.meta.dirname, "../../..");

/**
 * favicon.ico (16, 32, 48), apple-touch-icon.png (180, opaque), icon-192/512.png and site.webmanifest, all from the one
 * logo and the design tokens, so a new logo or brand colour changes every icon in one build.
 * @throws BuildError when the logo cannot be read or rendered
 */
export async function buildSiteIcons({
  site,
  logoFile,
  tokensFile,
  cache = new BuildCache({ rootDir: ROOT }),
}: SiteIconsInput): Promise<OutputFile[]> {
  const colors = await readBrandColors(tokensFile);
  const logo = await readFile(logoFile).catch(
    rethrowAs(`Having trouble reading the logo ${logoFile}, the source of every site icon`),
  );
  // Besides the picture and its size: the rendering code, resvg's WebAssembly (read as data) and sharp's libraries.
  const renderer = digest([
    await cache.code("build/plugins/drawing/raster.ts"),
    await readFile(RESVG_WASM),
    SHARP_VERSIONS,
  ]);
  const draw = (svg: Buffer | string, width: number, background?: string) =>
    svgToPng(svg, { width, fonts: [], family: "sans-serif", background }).catch(
      rethrowAs(`Having trouble rendering ${logoFile} at ${width} px`),
    );
  const png = async (svg: Buffer | string, width: number, background = "") =>
    (
      await cache.get("icons", `${digest([renderer, svg, String(width), background])}.png`, () =>
        draw(svg, width, background || undefined),
      )
    ).bytes;
  const favicons = await Promise.all(FAVICON_SIZES.map((size) => png(logo, size)));
  const manifestIcons = await Promise.all(
    MANIFEST_ICON_SIZES.map(async (size) => ({ size, contents: await png(logo, size) })),
  );
  const appleTouch = await png(padded(logo, APPLE_TOUCH_SIZE, APPLE_TOUCH_LOGO_SCALE), APPLE_TOUCH_SIZE, colors.bg);
  const file = (sitePath: string, contents: Uint8Array | string): OutputFile => ({
    path: sitePath.slice(1),
    contents: Buffer.from(contents),
  });
  return [
    file(SITE_ICONS.ico, pngsToIco(favicons)),
    file(SITE_ICONS.appleTouch, appleTouch),
    ...manifestIcons.map(({ size, contents }) => file(manifestIconPath(size), contents)),
    file(SITE_ICONS.manifest, `${JSON.stringify(webManifest(site, colors), null, 2)}\n`),
  ];
}

/** Served paths of the files buildSiteIcons writes (the logo itself is public/favicon.svg, copied as it is). */
const siteIconPaths = (): string[] => [
  SITE_ICONS.ico,
  SITE_ICONS.appleTouch,
  ...MANIFEST_ICON_SIZES.map(manifestIconPath),
  SITE_ICONS.manifest,
];

/** The logo centred on a square of `size` pixels, covering `scale` of it. */
function padded(logo: Buffer, size: number, scale: number): string {
  const inner = Math.round(size * scale);
  const at = (size - inner) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}"><image x="${at}" y="${at}" width="${inner}" height="${inner}" href="data:image/svg+xml;base64,${logo.toString("base64")}"/></svg>`;
}

/**
 * The web app manifest: what a browser shows when the site is added to a home screen or installed.
 * `minimal-ui` keeps a back button, which a catalogue full of outbound links (marketplace, WhatsApp) needs; browsers
 * without it fall back to a normal tab.
 */
export function webManifest(site: SiteIconsInput["site"], colors: Pick<BrandColors, "primary" | "bg">) {
  return {
    name: site.name,
    short_name: site.shortName ?? site.name,
    description: site.description,
    id: "/",
    start_url: "/",
    scope: "/",
    display: "minimal-ui",
    lang: "en",
    theme_color: colors.primary,
    background_color: colors.bg,
    icons: MANIFEST_ICON_SIZES.map((size) => ({
      src: manifestIconPath(size),
      sizes: `${size}x${size}`,
      type: "image/png",
    })),
  };
}

/** favicon.ico, the touch and manifest icons and the manifest, from public/favicon.svg and the brand colours. */
export const siteIcons = plugin({
  name: "icons",
  when: "late",
  needs: ({ rootDir, content }) => ({ site: content.site, ...brandFiles(rootDir) }),
  paths: siteIconPaths,
  make: async (input, cache) => {
    const files = await buildSiteIcons({ ...input, cache });
    return { files, detail: `${files.length} icon files` };
  },
});
