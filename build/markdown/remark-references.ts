import type { Nodes, Root } from "mdast";
import { eachNode } from "./each-node.ts";
import type { VFile } from "vfile";

/** A link or image target written in a markdown body, with its line in the body (1-based). */
export interface MarkdownReference {
  kind: "link" | "image";
  url: string;
  line: number;
  /** An image's alternative text as written (empty for `![](…)`). */
  alt?: string;
}

/**
 * Records every link and image target of the document in `file.data.references`, in document order: inline ones and
 * reference definitions (`[x]: /path`, where a reference-style link's target is written). It runs inside the render
 * pipeline, so the build parses each body once and the link checker sees exactly the syntax the page renders.
 *
 * @returns A transformer that reads the tree and leaves it unchanged.
 */
export function remarkReferences() {
  return (tree: Root, file: VFile) => {
    const found: MarkdownReference[] = [];
    eachNode(tree, (visited) => {
      const node = visited as Nodes;
      if (node.type !== "link" && node.type !== "image" && node.type !== "definition") return;
      found.push({
        kind: node.type === "image" ? "image" : "link",
        url: node.url,
        line: node.position?.start.line ?? 1,
        ...(node.type === "image" ? { alt: node.alt ?? "" } : {}),
      });
    });
    file.data.references = found;
  };
}
