import path from "node:path";
import type { SiteContent } from "../src/lib/content.ts";
import { type Publishing, publishedNow } from "../src/lib/publishing.ts";
import { type CompiledContent, compileContent } from "./compile-content.ts";
import { loadContent, type ParseCache, type RawContent } from "./load-content.ts";
import { type MarkdownRenderer, renderMarkdown } from "./markdown.ts";
import { renderBodies } from "./markdown-bodies.ts";
import { validateContent } from "./validate-content.ts";

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
): Promise<CompiledContent> {
  const {
    stage = (_name, run) => Promise.resolve(run()),
    render = renderMarkdown,
    parsed,
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
  const valid = await stage(
    "validate",
    () => validateContent(bodies.raw, publishing.now),
    () => "content valid",
  );
  return stage(
    "compile",
    () => compileContent(valid, bodies.render, publishing),
    (c) => `${c.content.posts.length + c.content.pages.length} documents`,
  );
}

/** Runs one named stage; the build passes its timer so each stage prints a line. */
export type Stage = <T>(name: string, run: () => Promise<T> | T, detail: (value: T) => string) => Promise<T>;

export interface ReadOptions {
  stage?: Stage;
  /** The build's cached renderer; plain rendering by default. */
  render?: MarkdownRenderer;
  /** Parsed files of earlier reads, kept by a dev build session. */
  parsed?: ParseCache;
  /** Whether drafts are shown and the moment that decides what is published; production as of now by default. */
  publishing?: Publishing;
}

function countFiles(raw: RawContent): number {
  const singles = [raw.site, raw.about, raw.faq, raw.testimonials, raw.installation, raw.productPage].length;
  return singles + raw.products.length + raw.posts.length + raw.portfolio.length + raw.pages.length;
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
