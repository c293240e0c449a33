import { readFile } from "node:fs/promises";
import path from "node:path";
import type { PageHead } from "../../../src/lib/page.ts";
import { shareCardPath, shareCardType } from "../../../src/lib/share-card.ts";
import type { Site } from "../../../src/schemas/site.ts";
import { BuildCache, digest } from "../../cache.ts";
import { BuildError, rethrowAs } from "../../errors.ts";
import type { OutputFile } from "../../styles.ts";
import type { CardRenderer, CardToDraw } from "./draw-card.ts";
import { BRAND_FONT_FILES } from "../drawing/fonts.ts";
import { RESVG_WASM, SHARP_VERSIONS } from "../drawing/raster.ts";
import type { Route } from "../../routes.ts";
import { brandFiles, readBrandColors } from "../drawing/brand.ts";
import { plugin } from "../../plugin.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
/** The module that draws a card: the cache key holds the hash of every file it imports. */
const DRAWING_CODE = "build/plugins/share-cards/draw-card.ts";
/** What the drawing code reads as data rather than imports. */
const DRAWING_FILES = [RESVG_WASM, ...BRAND_FONT_FILES];

export interface ShareCardsInput {
  pages: readonly {
    route: Pick<Route, "path">;
    head: Pick<PageHead, "title" | "description" | "image" | "article" | "shareCardOf">;
  }[];
  site: Pick<Site, "name" | "url">;
  /** Page artwork paths (/images/…) are read from <contentDir>/images. */
  contentDir: string;
  /** The site's logo, an SVG (public/favicon.svg). */
  logoFile: string;
  /** src/styles/tokens.css, for the brand colours. */
  tokensFile: string;
  /** The build's cache; without one every card is drawn. */
  cache?: BuildCache;
}

export interface ShareCardsResult {
  files: OutputFile[];
  /** Cards rendered in this build, and cards taken from the cache. */
  rendered: number;
  cached: number;
  bytes: number;
}

/** What one card shows and where it goes; its hash (with the drawing's) keys the cached PNG. */
interface CardSpec extends CardToDraw {
  out: string;
}

/**
 * One 1200×630 share card per page, at shareCardPath(page) (a JPEG when it shows a photo, else a PNG): the page's title and description on the brand's ink, the
 * site's logo and host, and the page's own image (product artwork, article picture) when it has one. Offline and
 * deterministic (bundled fonts, WebAssembly renderer); a card whose inputs have not changed comes from the cache.
 * @throws BuildError naming the page when its artwork cannot be read or drawn, or when two pages would share a file
 */
export async function buildShareCards(input: ShareCardsInput): Promise<ShareCardsResult> {
  const colors = await readBrandColors(input.tokensFile);
  const specs = cardSpecs(input.pages);
  const cache = input.cache ?? new BuildCache({ rootDir: ROOT });
  // Besides each card's own text and artwork: the drawing code, the files it reads (fonts, resvg), the native
  // renderer's versions, the brand.
  const data = await Promise.all([...DRAWING_FILES, input.logoFile].map((file) => readFile(file)));
  const drawing = digest([
    await cache.code(DRAWING_CODE),
    ...data,
    SHARP_VERSIONS,
    JSON.stringify(colors),
    input.site.name,
    input.site.url,
  ]);
  let renderer: Promise<CardRenderer> | undefined;
  const draw = (spec: CardSpec, artwork: Buffer | undefined) => {
    // Fonts and the logo load only when some card is not in the cache.
    // So does the drawing code (satori): a warm build takes every card from the cache and never loads it.
    renderer ??= import("./draw-card.ts").then(({ createCardRenderer }) =>
      createCardRenderer({ site: input.site, logoFile: input.logoFile, colors }),
    );
    return renderer.then((r) => r(spec, artwork));
  };

  let rendered = 0;
  const card = async (spec: CardSpec): Promise<OutputFile> => {
    const artwork = spec.artwork ? await readArtwork(input.contentDir, { ...spec, artwork: spec.artwork }) : undefined;
    const key = digest([drawing, JSON.stringify({ ...spec, out: undefined, page: undefined }), artwork ?? ""]);
    const file = `${key}.${path.extname(spec.out).slice(1)}`;
    const { bytes, cached } = await cache.get("cards", file, () => draw(spec, artwork));
    if (!cached) rendered += 1;
    return { path: spec.out, contents: bytes };
  };
  // While sharp draws a card on libuv's thread pool, satori lays out the next on this thread.
  const files = await Promise.all(specs.map(card));
  return { files, rendered, cached: specs.length - rendered, bytes: files.reduce((n, f) => n + f.contents.length, 0) };
}

/**
 * Served paths of the cards buildShareCards will draw, known before any is drawn: the link check runs first.
 * @throws BuildError when two pages would share a file
 */
const shareCardPaths = (pages: ShareCardsInput["pages"]): string[] => cardSpecs(pages).map((spec) => `/${spec.out}`);

/** What each card shows, one per file: articles with one cover share its card; two pages may not claim one file otherwise. */
function cardSpecs(pages: ShareCardsInput["pages"]): CardSpec[] {
  const byFile = new Map<string, CardSpec>();
  for (const { route, head } of pages) {
    if (head.shareCardOf) continue; // that page draws the card
    const out = shareCardPath(route.path, head).slice(1);
    const kind = head.article && head.image ? "cover" : "page";
    const other = byFile.get(out);
    if (other?.kind === "cover" && kind === "cover" && other.artwork === head.image) continue;
    if (other)
      throw new BuildError(
        `${other.page} and ${route.path} would both write the share card ${out}; give the pages distinct paths`,
      );
    const spec: CardSpec = {
      out,
      page: route.path,
      kind,
      title: head.title,
      description: head.description,
      label: head.article?.section,
      artwork: head.image,
      format: shareCardType(out) === "image/jpeg" ? "jpeg" : "png",
    };
    // A cover card shows the cover alone: its key must not change with the first article that happens to use it.
    byFile.set(out, kind === "cover" ? { ...spec, title: "", description: "", label: undefined } : spec);
  }
  return [...byFile.values()];
}

function readArtwork(contentDir: string, spec: CardSpec & { artwork: string }): Promise<Buffer> {
  return readFile(path.join(contentDir, spec.artwork)).catch(
    rethrowAs(`Having trouble reading ${spec.artwork}, the image of ${spec.page}, for its share card`),
  );
}

/** One card per page, what chat apps and social sites show for a link to it. */
export const shareCards = plugin({
  name: "share-cards",
  when: "late",
  needs: ({ heads, content, contentDir, rootDir }): ShareCardsInput => ({
    pages: heads,
    site: content.site,
    contentDir,
    ...brandFiles(rootDir),
  }),
  paths: (input) => shareCardPaths(input.pages),
  make: async (input, cache) => {
    const o = await buildShareCards({ ...input, cache });
    return {
      files: o.files,
      detail: `${o.files.length} share cards (${o.rendered} drawn, ${o.cached} cached, ${Math.round(o.bytes / 1024)} KB)`,
    };
  },
});
