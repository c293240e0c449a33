import type { Root } from "mdast";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { visit } from "unist-util-visit";

/** A link or image target written in a markdown body, with the line it is on in the file. */
export interface MarkdownReference {
  kind: "link" | "image";
  url: string;
  /** 1-based line in the whole file (front matter included). */
  line: number;
}

/** The parse half of build/markdown.ts's processor: the same syntax (GFM), so both see the same links. */
const parser = unified().use(remarkParse).use(remarkGfm);

/**
 * Every link and image target of a markdown body: inline ones and reference definitions (`[x]: /path`), which is
 * where a reference-style link's target is written.
 *
 * @param linesBefore lines of the file above the body (the front matter and its fences), added to each line
 * @returns references in document order
 */
export function markdownReferences(markdown: string, linesBefore: number): MarkdownReference[] {
  const tree = parser.runSync(parser.parse(markdown)) as Root;
  const found: MarkdownReference[] = [];
  visit(tree, (node) => {
    if (node.type !== "link" && node.type !== "image" && node.type !== "definition") return;
    const line = (node.position?.start.line ?? 1) + linesBefore;
    found.push({ kind: node.type === "image" ? "image" : "link", url: node.url, line });
  });
  return found;
}
