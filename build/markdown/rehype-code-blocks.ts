import type { Nodes, Root } from "hast";
import { eachNode } from "./each-node.ts";

/** The name a screen reader gives a code block when the keyboard reaches it. */
const CODE_BLOCK_LABEL = "Code example";

/**
 * Makes every code block a keyboard stop with a name: a long line scrolls inside the block (prose.css), and a region
 * that scrolls must be reachable without a mouse (WCAG 2.1.1). A named group rather than a region, so two code
 * blocks on one page add no landmarks.
 *
 * @returns A transformer that mutates the tree in place.
 */
export function rehypeCodeBlocks() {
  return (tree: Root) => {
    eachNode(tree, (visited) => {
      const node = visited as Nodes;
      if (node.type !== "element" || node.tagName !== "pre") return;
      node.properties.tabIndex = 0;
      node.properties.role = "group";
      node.properties.ariaLabel = CODE_BLOCK_LABEL;
    });
  };
}
