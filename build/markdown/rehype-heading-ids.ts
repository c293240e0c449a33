import type { Element, Nodes, Root } from "hast";
import { toString as hastToString } from "hast-util-to-string";
import type { VFile } from "vfile";
import type { Heading } from "../../src/lib/content.ts";
import { uniqueSlugs } from "../../src/lib/slug.ts";
import { eachNode } from "./each-node.ts";

/**
 * Gives every h2 and h3 a stable id from its text and records them in `file.data.headings`, so long pages can
 * print a table of contents whose links survive edits to other sections. The ids follow src/lib/slug.ts, the rule
 * FAQ answers and search links share (rehype-slug's GitHub rule would number a repeat -1, not -2, and drop "&" and "'"
 * where ours writes a hyphen: "Q&A" would be "qa", not "q-a"; today's content gets the same ids either way).
 *
 * @returns A transformer that mutates the tree in place.
 */
export function rehypeHeadingIds() {
  return (tree: Root, file: VFile) => {
    const found: Element[] = [];
    eachNode(tree, (visited) => {
      const node = visited as Nodes;
      if (node.type === "element" && (node.tagName === "h2" || node.tagName === "h3")) found.push(node);
    });
    const texts = found.map((node) => hastToString(node).trim());
    const ids = uniqueSlugs(texts);
    file.data.headings = found.map((node, i): Heading => {
      const id = ids[i] ?? "section";
      node.properties.id = id;
      return { id, text: texts[i] ?? "", depth: node.tagName === "h2" ? 2 : 3 };
    });
  };
}
