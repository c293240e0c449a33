import path from "node:path";
import type { SiteContent } from "../src/lib/content.ts";
import { type CompiledContent, compileContent } from "./compile-content.ts";
import { loadContent, type ParseCache, type RawContent } from "./load-content.ts";
import { type MarkdownRenderer, renderMarkdown } from "./markdown.ts";
import { renderBodies } from "./markdown-bodies.ts";
import { validateContent } from "./validate-content.ts";
import type { BuildCache } from "./cache.ts";
import { type ImageFactsMap, readImageFacts } from "./images/variants.ts";

/** The repository's content/ folder. */
export const CONTENT_DIR = path.resolve(import.meta.dirname, "../content");

/**
 * Reads content/ as the build does: loaded with positions, validated file by file and across files, markdown
 * rendered. Also returns the links of the markdown bodies, which the build checks against the pages it renders.
 * @throws ContentErrors listing every problem as `file:line field: message`
 */
export async function readCompiledContent(
  contentDir: string = CONTENT_DIR,
  options: ReadOptions = {},
): Promise<CompiledContent & { facts: ImageFactsMap }> {
  const { stage = (_name, run) => Promise.resolve(run()), render = renderMarkdown, parsed, cache } = options;
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
  const valid = await stage(
    "validate",
    () => validateContent(bodies.raw, facts),
    () => "content valid",
  );
  const compiled = await stage(
    "compile",
    () => compileContent(valid, bodies.render),
    (c) => `${c.content.posts.length + c.content.pages.length} documents`,
  );
  return { ...compiled, facts };
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
}

function countFiles(raw: RawContent): number {
  const singles = [raw.site, raw.about, raw.faq, raw.testimonials, raw.installation, raw.productPage].length;
  return singles + raw.products.length + raw.posts.length + raw.portfolio.length + raw.pages.length;
}

/**
 * The one way to read site content: the build, the local server, the handlers' local configuration, the CDK app and
 * the tests all call this, so none of them can see content the build would refuse.
 * @throws ContentErrors listing every problem as `file:line field: message`
 */
export async function readSiteContent(contentDir: string = CONTENT_DIR): Promise<SiteContent> {
  return (await readCompiledContent(contentDir)).content;
}
