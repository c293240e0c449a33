import path from "node:path";
import type { ComponentType } from "react";
import { BuildError } from "./errors.ts";
import { pathToFileURL } from "node:url";

/** Each island's component → its id, from the modules in src/islands . */
export async function islandComponents(islandsDir: string, islandIds: readonly string[]): Promise<Map<ComponentType<never>, string>> {
  const ids = new Map<ComponentType<never>, string>();
  for (const id of islandIds) {
    const mod = (await import(pathToFileURL(path.join(islandsDir, `${id}.tsx`)).href)) as { default?: ComponentType<never> };
    if (typeof mod.default !== "function") throw new BuildError(`src/islands/${id}.tsx must default-export a component`);
    ids.set(mod.default, id);
  }
  return ids;
}
