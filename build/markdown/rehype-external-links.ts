import type { Nodes, Root } from "hast";
import { eachNode } from "./each-node.ts";

/**
 * Opens links to other sites in a new tab without giving that tab a handle on ours (rel=noopener), and marks them
 * as not vouched for. Site paths ("/contact") are left alone.
 *
 * @returns A transformer that mutates the tree in place.
 */
export function rehypeExternalLinks() {
  return (tree: Root) => {
    eachNode(tree, (visited) => {
      const node = visited as Nodes;
      if (node.type !== "element" || node.tagName !== "a") return;
      const href = node.properties.href;
      if (typeof href === "string" && /^https?:\/\//.test(href)) {
        node.properties.target = "_blank";
        node.properties.rel = ["noopener", "noreferrer"];
      }
    });
  };
}
