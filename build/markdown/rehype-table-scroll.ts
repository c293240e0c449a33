import type { Element, Nodes, Root } from "hast";

/** The name a screen reader gives a table's scroll box when the keyboard reaches it. */
const TABLE_LABEL = "Table";

/**
 * Puts every table in a box of its own that scrolls sideways when the table is wider than the column (prose.css), so
 * a phone keeps a table's words whole instead of the page growing or the words breaking. The box is a named keyboard
 * stop, as code blocks are: a region that scrolls must be reachable without a mouse (WCAG 2.1.1).
 *
 * @returns A transformer that mutates the tree in place.
 */
export function rehypeTableScroll() {
  return (tree: Root) => wrapTables(tree);
}

function wrapTables(node: Nodes): void {
  if (!("children" in node)) return;
  node.children.forEach((child, i) => {
    if (child.type === "element" && child.tagName === "table") node.children[i] = scrollBox(child);
    else wrapTables(child);
  });
}

function scrollBox(table: Element): Element {
  return {
    type: "element",
    tagName: "div",
    properties: { className: ["table-scroll"], tabIndex: 0, role: "group", ariaLabel: TABLE_LABEL },
    children: [table],
  };
}
