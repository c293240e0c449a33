import type { Nodes, Root } from "hast";
import { eachNode } from "./each-node.ts";

/** The column alignments a GFM table can ask for (`:---`, `:---:`, `---:`). */
const ALIGNMENTS = new Set(["left", "center", "right"]);

/**
 * Turns a table cell's `align` (which GFM writes and HTML5 no longer allows) into an `align-left|center|right` class,
 * which prose.css aligns: a column written `---:` reads right-aligned, as the editor wrote it.
 *
 * @returns A transformer that mutates the tree in place.
 */
export function rehypeTableAlign() {
  return (tree: Root) => {
    eachNode(tree, (visited) => {
      const node = visited as Nodes;
      if (node.type !== "element" || (node.tagName !== "td" && node.tagName !== "th")) return;
      const { align } = node.properties;
      delete node.properties.align;
      if (typeof align === "string" && ALIGNMENTS.has(align)) node.properties.className = [`align-${align}`];
    });
  };
}
