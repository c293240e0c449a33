import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { GITHUB_OAUTH_FUNCTION } from "../lambdas/github-oauth/paths.ts";
import { DELIVER_LEAD_FUNCTION } from "../lambdas/shared/lead-record.ts";
import { NEWSLETTER_ROUTES, SUBSCRIBE_FUNCTION } from "../src/lib/newsletter.ts";
import type { LambdaHandler } from "./lambda-adapter.ts";

/**
 * The functions answering POST /api/<name>: each lambdas/<name>/handler.ts. lambdas/shared is code they share,
 * deliver-lead is fed by the retry queue, not by HTTP (server/local-retry.ts runs it locally), and github-oauth is
 * /admin's GitHub sign-in, which works only on the deployed site (locally /admin saves through decap-server), so
 * /api/github-oauth/* answers 404 here.
 */
export async function handlerNames(rootDir: string): Promise<string[]> {
  const dir = path.join(rootDir, "lambdas");
  const names = (await readdir(dir).catch(() => [] as string[])).sort();
  return names.filter(
    (name) =>
      name !== "shared" &&
      name !== DELIVER_LEAD_FUNCTION &&
      name !== GITHUB_OAUTH_FUNCTION &&
      existsSync(path.join(dir, name, "handler.ts")),
  );
}

/**
 * Paths a function answers besides its own name (lambdas/subscribe answers confirm-subscription and unsubscribe
 * too); infra/ routes the same paths to it.
 */
export const EXTRA_ROUTES: Readonly<Record<string, readonly string[]>> = { [SUBSCRIBE_FUNCTION]: NEWSLETTER_ROUTES };

/** The same handlers, each also under its extra paths. */
export function withExtraRoutes<H>(handlers: Map<string, H>): Map<string, H> {
  for (const [name, routes] of Object.entries(EXTRA_ROUTES)) {
    const handler = handlers.get(name);
    if (handler) for (const route of routes) handlers.set(route, handler);
  }
  return handlers;
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
  return withExtraRoutes(handlers);
}
