import type { Nodes, Root } from "mdast";
import type { VFile } from "vfile";
import { eachNode } from "./each-node.ts";

/** An HTML element written in a markdown body, by its tag, with its line in the body (1-based). */
export interface RawHtml {
  tag: string;
  line: number;
}

/**
 * Records in `file.data.rawHtml` every HTML element the markdown parser found in the document (its `html` nodes,
 * block or inline), once per tag and line. The render never publishes them: remark-rehype leaves raw HTML out of the
 * page (it runs without allowDangerousHtml, and the site has no HTML parser behind it), so `<div>text</div>` would
 * vanish with its text. The build turns each into an error. Comments are an editor's notes, meant to stay unseen;
 * closing tags belong to an opening tag already recorded. A processing instruction is recorded as its `?name`
 * (`<?php echo 1; ?>`: "?php"), a declaration as its `!name` ("!doctype").
 *
 * @returns A transformer that reads the tree and leaves it unchanged.
 */
export function remarkRawHtml() {
  return (tree: Root, file: VFile) => {
    const found = new Map<string, RawHtml>();
    eachNode(tree, (visited) => {
      const node = visited as Nodes;
      if (node.type !== "html") return;
      // Indented up to three spaces it is still an HTML block; `<?php … ?>` and `<!DOCTYPE …>` vanish the same way.
      const tag = /^\s*<([a-z][a-z0-9-]*|\?[a-z]*|![a-z]+)/i.exec(node.value)?.[1]?.toLowerCase();
      if (!tag) return;
      const line = node.position?.start.line ?? 1;
      found.set(`${line}:${tag}`, { tag, line });
    });
    file.data.rawHtml = [...found.values()];
  };
}
