import type { Root as HastRoot } from "hast";
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import rehypeExternalLinks from "rehype-external-links";
import remarkRehype from "remark-rehype";
import remarkBreaks from "remark-breaks";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { VFile } from "vfile";
import type { Heading } from "../src/lib/content.ts";
import { rehypeCodeBlocks } from "./markdown/rehype-code-blocks.ts";
import { rehypeHeadingIds } from "./markdown/rehype-heading-ids.ts";
import { rehypeTableAlign } from "./markdown/rehype-table-align.ts";
import { rehypeTableScroll } from "./markdown/rehype-table-scroll.ts";
import { type RawHtml, remarkRawHtml } from "./markdown/remark-raw-html.ts";
import { type MarkdownReference, remarkReferences } from "./markdown/remark-references.ts";

/** The classes our table-align plugin gives a cell, and nothing else. */
const CELL_CLASSES: [string, ...string[]] = ["className", "align-left", "align-center", "align-right"];

/**
 * The sanitize schema: GitHub's default, plus heading ids (kept without the "user-content-" prefix because our own
 * plugin made them, for the table of contents), the rel/target our external-link plugin adds, the code blocks' and
 * tables' scroll boxes' role and name, and the table cells' alignment classes.
 */
const sanitizeSchema: SanitizeSchema = {
  ...defaultSchema,
  clobberPrefix: "",
  attributes: {
    ...defaultSchema.attributes,
    a: [...(defaultSchema.attributes?.a ?? []), "target", "rel"],
    pre: [...(defaultSchema.attributes?.pre ?? []), ["role", "group"], "ariaLabel"],
    div: [...(defaultSchema.attributes?.div ?? []), ["className", "table-scroll"], ["role", "group"], "ariaLabel"],
    td: [...(defaultSchema.attributes?.td ?? []), CELL_CLASSES],
    th: [...(defaultSchema.attributes?.th ?? []), CELL_CLASSES],
  },
};

/**
 * Built once: CommonMark with GitHub's extensions (tables, strikethrough, autolinks, footnotes, task lists), every line
 * break inside a paragraph kept → the links, images and raw HTML found → HTML (raw HTML left out) → our plugins (heading
 * ids, external links, code blocks and tables as keyboard stops, table alignment as classes) →
 * sanitize (the last transform) → stringify.
 */
const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkBreaks)
  .use(remarkReferences)
  .use(remarkRawHtml)
  .use(remarkRehype)
  .use(rehypeHeadingIds)
  // Other sites open in a new tab without a handle on ours (noopener) and unvouched for; site paths stay as they are.
  .use(rehypeExternalLinks, { target: "_blank", rel: ["noopener", "noreferrer"] })
  .use(rehypeCodeBlocks)
  .use(rehypeTableAlign)
  .use(rehypeTableScroll)
  .use(rehypeSanitize, sanitizeSchema)
  .use(rehypeStringify);

export interface RenderedMarkdown {
  html: string;
  headings: Heading[];
  /** Plain text of the body, for the reading time. */
  text: string;
  /** Link and image targets as written, with their lines in the body (the build adds the front matter's lines). */
  references: MarkdownReference[];
  /** HTML elements written in the body, left out of the page, with their lines in the body: errors for the editor. */
  rawHtml: RawHtml[];
}

/** Renders a markdown body: build/markdown.ts's renderMarkdown, or the build's cached use of it. */
export type MarkdownRenderer = (markdown: string, file: string) => Promise<RenderedMarkdown>;

/** Renders one markdown body to sanitized HTML; `path` names the file in any message. */
export async function renderMarkdown(markdown: string, path: string): Promise<RenderedMarkdown> {
  const file = new VFile({ value: markdown, path });
  const tree = processor.runSync(processor.parse(file), file) as HastRoot;
  const html = processor.stringify(tree, file);
  return {
    html: String(html),
    headings: (file.data.headings as Heading[] | undefined) ?? [],
    text: markdownText(markdown),
    references: (file.data.references as MarkdownReference[] | undefined) ?? [],
    rawHtml: (file.data.rawHtml as RawHtml[] | undefined) ?? [],
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
