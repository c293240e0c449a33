import type { Root as HastRoot } from "hast";
import rehypeSanitize, { defaultSchema } from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkRehype from "remark-rehype";
import { type Preset, type Processor, unified } from "unified";
import { VFile } from "vfile";
import type { Heading } from "../src/lib/content.ts";
import { rehypeExternalLinks } from "./markdown/rehype-external-links.ts";
import { rehypeHeadingIds } from "./markdown/rehype-heading-ids.ts";
import { markdownItParse } from "./markdown/markdown-it-parse.ts";
import { type MarkdownReference, remarkReferences } from "./markdown/remark-references.ts";

/**
 * The sanitize schema: GitHub's default, plus heading ids (kept without the "user-content-" prefix because our own
 * plugin made them, for the table of contents) and the rel/target our external-link plugin adds.
 */
const sanitizeSchema = {
  ...defaultSchema,
  clobberPrefix: "",
  attributes: {
    ...defaultSchema.attributes,
    a: [...(defaultSchema.attributes?.a ?? []), "target", "rel"],
  },
};

/**
 * Every stage after the parser: references → rehype → our plugins → sanitize (last transform) → stringify. The tests
 * run it after remark-parse, remark-gfm and remark-breaks too, the reference our markdown-it parser must match.
 */
export const afterParse: Preset = {
  plugins: [remarkReferences, remarkRehype, rehypeHeadingIds, rehypeExternalLinks, [rehypeSanitize, sanitizeSchema], rehypeStringify],
};

/** Built once: markdown-it's tokens as mdast (CommonMark and GitHub's extensions), then the stages above. */
const processor = unified().use(markdownItParse).use(afterParse);

/** What renderMarkdown needs of a processor: the build's, or in tests the reference one. */
export type MarkdownProcessor = Pick<Processor, "parse" | "runSync" | "stringify">;

export interface RenderedMarkdown {
  html: string;
  headings: Heading[];
  /** Plain text of the body, for the reading time. */
  text: string;
  /** Link and image targets as written, with their lines in the body (the build adds the front matter's lines). */
  references: MarkdownReference[];
}

/** Renders one markdown body to sanitized HTML; `path` names the file in any message. */
export async function renderMarkdown(markdown: string, path: string, using: MarkdownProcessor = processor): Promise<RenderedMarkdown> {
  const file = new VFile({ value: markdown, path });
  const tree = using.runSync(using.parse(file), file) as HastRoot;
  const html = using.stringify(tree, file);
  return {
    html: String(html),
    headings: (file.data.headings as Heading[] | undefined) ?? [],
    text: markdownText(markdown),
    references: (file.data.references as MarkdownReference[] | undefined) ?? [],
  };
}

/** Rough plain text: enough to count words, not for display. */
function markdownText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[#>*_`|~-]/g, " ");
}
