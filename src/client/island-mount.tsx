import type { ComponentType } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { IslandBoundary } from "../lib/island-boundary.tsx";

/**
 * The body of every island entry chunk: hydrates the server HTML (or mounts a client-only island) as its own React
 * root, with the id prefix the server used. Resolves once React has committed the island and run its effects, so the
 * loader marks it awake (and replays a held click) only when its handlers are really there.
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
    if (options.clientOnly) createRoot(root, settings).render(island);
    else hydrateRoot(root, island, settings);
  });
}
