import type { ComponentType } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";

/**
 * The body of every island entry chunk: hydrates the server HTML (or mounts a client-only island) as its own React
 * root, with the id prefix the server used.
 */
export function mount(
  id: string,
  Component: ComponentType<Record<string, unknown>>,
  root: Element,
  props: Record<string, unknown>,
  options: { prefix: string; clientOnly: boolean },
): void {
  const onRecoverableError = (error: unknown) => console.error(`[island ${id}]`, error);
  if (options.clientOnly) {
    createRoot(root, { identifierPrefix: options.prefix, onRecoverableError }).render(<Component {...props} />);
  } else {
    hydrateRoot(root, <Component {...props} />, { identifierPrefix: options.prefix, onRecoverableError });
  }
}
