import { pathToFileURL } from "node:url";

/**
 * Page and island modules by absolute path. A bundled render worker (build/worker-bundle.ts) registers the copies
 * its bundle holds, so it renders with its own React and never needs a TypeScript loader; everywhere else the
 * registry is empty and modules are imported from disk.
 */
const bundled = new Map<string, unknown>();

export function registerModules(modules: Record<string, unknown>): void {
  for (const [file, mod] of Object.entries(modules)) bundled.set(file, mod);
}

/** The module at `file` (an absolute path): the bundle's copy when there is one, else imported. */
export function loadModule(file: string): Promise<unknown> {
  return bundled.has(file) ? Promise.resolve(bundled.get(file)) : import(pathToFileURL(file).href);
}
