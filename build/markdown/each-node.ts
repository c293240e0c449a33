import type { Node, Parent } from "unist";

/**
 * Calls `visit` on every node of a tree, parents before their children, in document order: all our plugins need of
 * a tree walk, without a dependency for it.
 */
export function eachNode(node: Node, visit: (node: Node) => void): void {
  visit(node);
  const { children } = node as Partial<Parent>;
  if (children) for (const child of children) eachNode(child, visit);
}
