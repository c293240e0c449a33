import type { Element, Nodes, Root } from "hast";
import { fromHtml } from "hast-util-from-html";

/**
 * HTML read as a tree by a real parser (parse5, as a browser reads it): a whole page (the link check's ids) or a
 * fragment (a rendered markdown body, for its pictures and search sections). Never regular expressions.
 */
export const parsePage = (html: string): Root => fromHtml(html);
export const parseFragment = (html: string): Root => fromHtml(html, { fragment: true });

/** Every element under `node`, parents before their children, in document order. */
export function elementsOf(node: Nodes): Element[] {
  const found: Element[] = [];
  const walk = (current: Nodes) => {
    if (current.type === "element") found.push(current);
    if ("children" in current) for (const child of current.children) walk(child);
  };
  walk(node);
  return found;
}
