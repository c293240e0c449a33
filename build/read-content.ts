import path from "node:path";
import type { SiteContent } from "../src/lib/content.ts";
import { type Publishing, publishedNow } from "../src/lib/publishing.ts";
import { type CompiledContent, compileContent, linksOf } from "./compile-content.ts";
import { checkLinksWithoutPages, type SiteShape } from "./check-links.ts";
import { ContentErrors } from "./errors.ts";
import { loadContent, type ParseCache, type RawContent } from "./load-content.ts";
import { type MarkdownRenderer, renderMarkdown } from "./markdown.ts";
import { collectionEntries, pageOf } from "./collections.ts";
import { renderBodies } from "./markdown-bodies.ts";
import { type ValidContent, validateContent } from "./validate-content.ts";
import type { BuildCache } from "./cache.ts";
import { type ImageFactsMap, readImageFacts } from "./images/variants.ts";

/** The repository's content/ folder. */
const CONTENT_DIR = path.resolve(import.meta.dirname, "../content");

/**
 * Reads content/ as the build does: loaded with positions, validated file by file and across files, markdown
 * rendered. Also returns the links of the markdown bodies, which the build checks against the pages it renders.
 * @throws ContentErrors listing every problem as `file:line field: message`
 */
async function readCompiledContent(
  contentDir: string = CONTENT_DIR,
  options: ReadOptions = {},
): Promise<CompiledContent> {
  return (await readContent(contentDir, options)).compiled;
}

/** Content as the build uses it: compiled, and the size and format of each photo. */
export interface ContentRead {
  compiled: CompiledContent;
  facts: ImageFactsMap;
}

/**
 * Loads, renders the markdown of, validates and compiles content/, one stage each.
 * @throws ContentErrors listing every problem as `file:line field: message`; with `site`, also the links of the
 * markdown bodies that are broken whatever the content (build/check-links.ts checkLinksWithoutPages), so that an editor
 * fixes a broken link in the same round as a misspelt field
 */
export async function readContent(contentDir: string = CONTENT_DIR, options: ReadOptions = {}): Promise<ContentRead> {
  const {
    stage = (_name, run) => Promise.resolve(run()),
    render = renderMarkdown,
    parsed,
    cache,
    publishing = publishedNow(),
  } = options;
  const loaded = await stage(
    "load",
    () => loadContent(contentDir, parsed),
    (r) => `${countFiles(r)} files`,
  );
  // Markdown renders before validation: the render finds the images that validation checks and the links the build checks.
  const bodies = await stage(
    "markdown",
    () => renderBodies(loaded, render),
    (b) => `${b.raw.posts.length + b.raw.pages.length} documents`,
  );
  // Size and format of each photo (its header only, cached by content hash): validation checks them, pages declare them.
  const facts = await stage(
    "image facts",
    () => readImageFacts(contentDir, loaded.images, cache),
    (f) => `${f.size} photos`,
  );
  let valid: ValidContent;
  try {
    valid = await stage(
      "validate",
      () => validateContent(bodies.raw, publishing.now, facts),
      () => "content valid",
    );
  } catch (error) {
    if (!(error instanceof ContentErrors) || !options.site) throw error;
    // The pages content files make, by their file names (validation holds each id and slug to its file name), and
    // the links of their bodies: what the link check can judge without rendered pages (build/check-links.ts).
    const made = collectionEntries().flatMap(([name]) => {
      const sources = bodies.raw[name];
      return Array.isArray(sources)
        ? sources.flatMap((source) => {
            const page = pageOf(name, source.name);
            return page ? [{ source, page }] : [];
          })
        : [];
    });
    const links = made.flatMap(({ source, page }) => linksOf(source, page));
    const shape = { ...(await options.site()), contentPages: made.map(({ page }) => page) };
    const checked = checkLinksWithoutPages(links, shape);
    throw new ContentErrors([...error.issues, ...checked.issues], checked.deferred);
  }
  const compiled = await stage(
    "compile",
    () => compileContent(valid, bodies.render, publishing),
    (c) => `${c.content.posts.length + c.content.pages.length} documents`,
  );
  return { compiled, facts };
}

/** Runs one named stage; the build passes its timer so each stage prints a line. */
export type Stage = <T>(name: string, run: () => Promise<T> | T, detail: (value: T) => string) => Promise<T>;

export interface ReadOptions {
  stage?: Stage;
  /** The build's cached renderer; plain rendering by default. */
  render?: MarkdownRenderer;
  /** Parsed files of earlier reads, kept by a dev build session. */
  parsed?: ParseCache;
  /** The build's cache, for the image facts; without it every photo's header is read. */
  cache?: BuildCache;
  /** Whether drafts are shown and the moment that decides what is published; production as of now by default. */
  publishing?: Publishing;
  /** What is known of the site before content is valid (its fixed pages, its copied files), for the link check. */
  site?: () => Promise<Omit<SiteShape, "contentPages">>;
}

/** Files read, for the stage's line: each top file, and each file of a folder with a schema. */
function countFiles(raw: RawContent): number {
  return collectionEntries().reduce((sum, [name, entry]) => {
    const loaded = raw[name];
    return sum + (entry.kind === "file" ? 1 : Array.isArray(loaded) ? loaded.length : 0);
  }, 0);
}

/**
 * The one way to read site content: the build, the local server, the handlers' local configuration, the CDK app and
 * the tests all call this, so none of them can see content the build would refuse. Published content as of now
 * (no drafts, no posts dated after today) unless `publishing` says otherwise.
 * @throws ContentErrors listing every problem as `file:line field: message`
 */
export async function readSiteContent(
  contentDir: string = CONTENT_DIR,
  publishing: Publishing = publishedNow(),
): Promise<SiteContent> {
  return (await readCompiledContent(contentDir, { publishing })).content;
}
