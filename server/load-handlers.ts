import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { DELIVER_LEAD_FUNCTION } from "../lambdas/shared/lead-record.ts";
import type { LambdaHandler } from "./lambda-adapter.ts";

/**
 * The functions answering POST /api/<name>: each lambdas/<name>/handler.ts. lambdas/shared is code they share, and
 * deliver-lead is fed by the retry queue, not by HTTP (server/local-retry.ts runs it locally).
 */
export async function handlerNames(rootDir: string): Promise<string[]> {
  const dir = path.join(rootDir, "lambdas");
  const names = (await readdir(dir).catch(() => [] as string[])).sort();
  return names.filter((name) => name !== "shared" && name !== DELIVER_LEAD_FUNCTION && existsSync(path.join(dir, name, "handler.ts")));
}

/** Every handler by function name. */
export async function loadHandlers(rootDir: string): Promise<Map<string, LambdaHandler>> {
  const handlers = new Map<string, LambdaHandler>();
  for (const name of await handlerNames(rootDir)) {
    const file = path.join(rootDir, "lambdas", name, "handler.ts");
    const mod = (await import(pathToFileURL(file).href)) as { handler?: LambdaHandler };
    if (typeof mod.handler !== "function") throw new Error(`lambdas/${name}/handler.ts must export a handler function`);
    handlers.set(name, mod.handler);
  }
  return handlers;
}
