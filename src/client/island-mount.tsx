import type { ComponentType } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { IslandBoundary } from "../lib/island-boundary.tsx";

declare global {
  /** Every island root mounted in this document, with what unmounts it (read by src/client/page-swap.ts). */
  var siteMountedIslands: Map<Element, () => void> | undefined;
}

/**
 * The body of every island entry chunk: hydrates the server HTML (or mounts a client-only island) as its own React
 * root, with the id prefix the server used. Resolves once React has committed the island and run its effects, so the
 * loader marks it awake (and replays a held click) only when its handlers are really there. Each root is listed in
 * `siteMountedIslands`, so that a page swapped out (src/client/page-swap.ts) takes its islands' effects with it.
 */
export function mount(
  id: string,
  Component: ComponentType<Record<string, unknown>>,
  root: Element,
  props: Record<string, unknown>,
  options: { prefix: string; clientOnly: boolean },
): Promise<void> {
  const onRecoverableError = (error: unknown) => console.error(`[island ${id}]`, error);
  return new Promise((resolve, reject) => {
    // An island that throws while rendering never commits: fail, so the loader releases what it holds.
    const settings = { identifierPrefix: options.prefix, onRecoverableError, onUncaughtError: reject };
    const island = (
      <IslandBoundary onCommit={resolve}>
        <Component {...props} />
      </IslandBoundary>
    );
    const reactRoot = options.clientOnly ? createRoot(root, settings) : hydrateRoot(root, island, settings);
    if (options.clientOnly) reactRoot.render(island);
    globalThis.siteMountedIslands ??= new Map();
    globalThis.siteMountedIslands.set(root, () => reactRoot.unmount());
  });
}
