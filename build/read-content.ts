import path from "node:path";
import type { SiteContent } from "../src/lib/content.ts";
import { type Publishing, publishedNow } from "../src/lib/publishing.ts";
import { BuildCache, digest } from "./cache.ts";
import { checkLinksWithoutPages, type SiteShape } from "./check-links.ts";
import { collectionEntries, pageOf } from "../src/schemas/collections.ts";
import { compileContent, linksOf } from "./compile-content.ts";
import { ContentErrors } from "./errors.ts";
import { type ImageFactsMap, readImageFacts } from "./images/facts.ts";
import { loadContent, type RawContent } from "./load-content.ts";
import { renderBodies } from "./markdown-bodies.ts";
import { type MarkdownRenderer, renderMarkdown } from "./markdown.ts";
import { type ValidContent, validateContent } from "./validate-content.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
/** The repository's content/ folder. */
const CONTENT_DIR = path.join(ROOT, "content");

/**
 * The one way to read site content: the build, the local server, the handlers' local configuration, the CDK app and
 * the tests all read it through these steps, so none of them can see content the build would refuse. Published
 * content as of now (no drafts, no posts dated after today) unless `publishing` says otherwise.
 * @throws ContentErrors listing every problem as `file:line field: message`
 */
export async function readSiteContent(
  contentDir: string = CONTENT_DIR,
  publishing: Publishing = publishedNow(),
): Promise<SiteContent> {
  const raw = await renderBodies(await loadContent(contentDir));
  const facts = await readImageFacts(contentDir, raw.images, new BuildCache({ rootDir: ROOT }));
  return compileContent(await validate(raw, facts, publishing), publishing).content;
}

/**
 * Validates the content; when it is invalid, also reports the links of the markdown bodies that are broken whatever
 * the content (build/check-links.ts checkLinksWithoutPages), so that an editor fixes a broken link in the same round
 * as a misspelt field.
 * @throws ContentErrors listing every problem as `file:line field: message`
 */
export async function validate(
  raw: RawContent,
  facts: ImageFactsMap,
  publishing: Publishing,
  site?: () => Promise<Omit<SiteShape, "contentPages">>,
): Promise<ValidContent> {
  try {
    return validateContent(raw, publishing.now, facts);
  } catch (error) {
    if (!(error instanceof ContentErrors) || !site) throw error;
    // The pages content files make, by their file names (validation holds each id and slug to its file name), and
    // the links of their bodies: what the link check can judge without rendered pages.
    const made = collectionEntries().flatMap(([name]) => {
      const sources = raw[name];
      return Array.isArray(sources)
        ? sources.flatMap((source) => {
            const page = pageOf(name, source.name);
            return page ? [{ source, page }] : [];
          })
        : [];
    });
    const links = made.flatMap(({ source, page }) => linksOf(source, page));
    const checked = checkLinksWithoutPages(links, { ...(await site()), contentPages: made.map(({ page }) => page) });
    throw new ContentErrors([...error.issues, ...checked.issues], checked.deferred);
  }
}

/** Files read, for the load stage's line: each top file, and each file of a folder with a schema. */
export function countFiles(raw: RawContent): number {
  return collectionEntries().reduce((sum, [name, entry]) => {
    const loaded = raw[name];
    return sum + (entry.kind === "file" ? 1 : Array.isArray(loaded) ? loaded.length : 0);
  }, 0);
}

/** Renders markdown through the build cache, keyed by the document and the code of build/markdown.ts. */
export function cachedRenderer(cache: BuildCache): MarkdownRenderer {
  const code = cache.code("build/markdown.ts");
  // Awaited by the first render; until then a failure must not end the process as unhandled.
  code.catch(() => {});
  return async (markdown, file) =>
    cache.json("markdown", `${digest([await code, file, markdown])}.json`, () => renderMarkdown(markdown, file));
}
