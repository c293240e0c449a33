import type { Nodes, Root } from "hast";
import { toString as hastToString } from "hast-util-to-string";
import type { VFile } from "vfile";
import type { Heading } from "../../src/lib/content.ts";
import { slugify } from "../../src/lib/slug.ts";
import { eachNode } from "./each-node.ts";

/**
 * Gives every h2 and h3 a stable id from its text and records them in `file.data.headings`, so long pages can
 * print a table of contents whose links survive edits to other sections.
 *
 * @returns A transformer that mutates the tree in place.
 */
export function rehypeHeadingIds() {
  return (tree: Root, file: VFile) => {
    const headings: Heading[] = [];
    const used = new Set<string>();
    eachNode(tree, (visited) => {
      const node = visited as Nodes;
      if (node.type !== "element" || (node.tagName !== "h2" && node.tagName !== "h3")) return;
      const text = hastToString(node).trim();
      const base = slugify(text) || "section";
      let id = base;
      for (let n = 2; used.has(id); n += 1) id = `${base}-${n}`;
      used.add(id);
      node.properties.id = id;
      headings.push({ id, text, depth: node.tagName === "h2" ? 2 : 3 });
    });
    file.data.headings = headings;
  };
}
