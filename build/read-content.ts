import path from "node:path";
import type { SiteContent } from "../src/lib/content.ts";
import { type CompiledContent, compileContent } from "./compile-content.ts";
import { loadContent } from "./load-content.ts";
import { validateContent } from "./validate-content.ts";

/** The repository's content/ folder. */
export const CONTENT_DIR = path.resolve(import.meta.dirname, "../content");

/**
 * Reads content/ as the build does: loaded with positions, validated file by file and across files, markdown
 * rendered. Also returns the links of the markdown bodies, which the build checks against the pages it renders.
 * @throws ContentErrors listing every problem as `file:line field: message`
 */
export async function readCompiledContent(contentDir: string = CONTENT_DIR): Promise<CompiledContent> {
  return compileContent(validateContent(await loadContent(contentDir)));
}

/**
 * The one way to read site content: the build, the local server, the handlers' local configuration, the CDK app and
 * the tests all call this, so none of them can see content the build would refuse.
 * @throws ContentErrors listing every problem as `file:line field: message`
 */
export async function readSiteContent(contentDir: string = CONTENT_DIR): Promise<SiteContent> {
  return (await readCompiledContent(contentDir)).content;
}
