import { realpath } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * /admin's local backend for `npm run dev`: decap-server's own request handlers (the file-system mode, or the git mode
 * of the editorial workflow's rehearsal) run inside the dev server and answer only at /admin/api/v1 of its origin, so
 * they live and die with it, hold no port of their own, and no other page can reach them. Before a request reaches
 * them it must come from this machine, name the dev server's own Host (no DNS rebinding), come from a page of the same
 * origin, and name no path outside content/ (which holds the media folder too).
 */
export type CmsBackendHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** decap-server's Express-style handlers: they read `req.body` and answer with `res.status(…).json(…)`. */
interface DecapResponse {
  status(code: number): DecapResponse;
  json(body: unknown): void;
}
type DecapHandler = (req: { body: unknown }, res: DecapResponse, next: () => void) => unknown;
interface DecapApp {
  use(...handlers: unknown[]): void;
  post(route: string, handler: DecapHandler): void;
}
type Register = (app: DecapApp, options: { logLevel?: string }) => Promise<void>;

/** Decap sends media as base64 inside the JSON: decap-server's own limit. */
const MAX_BODY_BYTES = 50 * 1024 * 1024;
/** The request keys that carry a repository path, in any action's parameters (decap-server's request schema). */
const PATH_KEYS = new Set(["path", "newPath", "folder", "mediaFolder", "paths"]);

export interface CmsBackendOptions {
  /** The content folder; the repository (decap-server's root, the configuration's paths start at content/) holds it. */
  contentDir: string;
  /** git mode: a branch per entry, merged on publish (npm run dev -- --workflow). */
  workflow: boolean;
  /** The Host values the dev server answers to, e.g. 127.0.0.1:8080. */
  hosts: readonly string[];
}

export async function createCmsBackend({ contentDir, workflow, hosts }: CmsBackendOptions): Promise<CmsBackendHandler> {
  const repoDir = path.dirname(contentDir);
  const handlers = await decapHandlers(repoDir, workflow);
  const contentRoot = await realpath(contentDir);
  return async (req, res) => {
    const refused = refusedRequest(req, hosts);
    if (refused) return answer(res, 403, { error: refused });
    const body = await readJson(req);
    if (typeof body === "string") return answer(res, 400, { error: body });
    const outside = await pathOutside(body, repoDir, contentRoot);
    if (outside !== undefined)
      return answer(res, 403, { error: `The editor only reads and writes content/: ${outside}` });
    await run(handlers, body, res);
  };
}

/** decap-server's handlers for this repository, registered on a stand-in app; its CORS, logger and parser are ours to do. */
async function decapHandlers(repoDir: string, workflow: boolean): Promise<DecapHandler[]> {
  const decap = createRequire(import.meta.url)("decap-server/dist/middlewares.js") as Record<string, Register>;
  const register = decap[workflow ? "registerLocalGit" : "registerLocalFs"];
  if (!register) throw new Error("decap-server no longer exports its middlewares");
  const handlers: DecapHandler[] = [];
  const app: DecapApp = { use: () => undefined, post: (_route, handler) => handlers.push(handler) };
  // decap-server takes its root from GIT_REPO_DIRECTORY as registration starts; nothing else in this process may see it.
  const previous = process.env.GIT_REPO_DIRECTORY;
  process.env.GIT_REPO_DIRECTORY = repoDir;
  const registered = register(app, { logLevel: process.env.CMS_LOG_LEVEL ?? "warn" });
  if (previous === undefined) delete process.env.GIT_REPO_DIRECTORY;
  else process.env.GIT_REPO_DIRECTORY = previous;
  await registered;
  return handlers;
}

/** Why a request is not the editor's own, or undefined when it is. */
function refusedRequest(req: IncomingMessage, hosts: readonly string[]): string | undefined {
  const from = req.socket.remoteAddress ?? "";
  if (!/^(127\.|::1$|::ffff:127\.)/.test(from)) return "The editor's backend answers this machine only";
  const host = req.headers.host ?? "";
  if (!hosts.includes(host)) return `The editor's backend answers only at ${hosts.join(", ")}, not ${host}`;
  if (req.headers.origin !== `http://${host}`) return "The editor's backend answers only /admin of this site";
  if (req.method !== "POST") return "The editor's backend takes POST only";
  if (!/^application\/json\b/.test(req.headers["content-type"] ?? "")) return "The editor's backend takes JSON only";
  return undefined;
}

/** The request's JSON body, or why it has none. */
async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return `The request is over ${MAX_BODY_BYTES / 1024 / 1024} MB`;
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown;
  } catch {
    return "The request is not JSON";
  }
}

/**
 * The first path in the request that is not plainly a file or folder under content/, or undefined. Plain means
 * relative, with no `.`, `..` or hidden segment, no backslash and nothing percent-encoded; and its nearest existing
 * folder, symbolic links resolved, must be inside content/ too.
 */
async function pathOutside(body: unknown, repoDir: string, contentRoot: string): Promise<string | undefined> {
  for (const file of requestPaths(body)) {
    const segments = file.split("/");
    const plain = segments[0] === "content" && segments.every((s) => /^[^.\\%\0][^\\%\0]*$/.test(s));
    if (!plain || !(await resolvesInside(path.join(repoDir, file), contentRoot))) return file;
  }
  return undefined;
}

/** Every value under a path key of the request, at any depth; one that is not text is returned as its JSON. */
function requestPaths(value: unknown, key = ""): string[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.flatMap((item) => requestPaths(item, key));
  if (PATH_KEYS.has(key)) return [typeof value === "string" ? value : JSON.stringify(value)];
  if (typeof value === "object") return Object.entries(value).flatMap(([k, v]) => requestPaths(v, k));
  return [];
}

async function resolvesInside(file: string, root: string): Promise<boolean> {
  let existing = file;
  for (;;) {
    const real = await realpath(existing).catch(() => undefined);
    if (real) return real === root || real.startsWith(`${root}${path.sep}`);
    const parent = path.dirname(existing);
    if (parent === existing) return false;
    existing = parent;
  }
}

/** Runs decap-server's handlers in order, as Express would, and sends what they answer. */
async function run(handlers: readonly DecapHandler[], body: unknown, res: ServerResponse): Promise<void> {
  let code = 200;
  const response: DecapResponse = {
    status(status) {
      code = status;
      return response;
    },
    json(value) {
      answer(res, code, value);
    },
  };
  for (const handler of handlers) {
    let next = false;
    await handler({ body }, response, () => {
      next = true;
    });
    if (!next) break;
  }
  if (!res.headersSent) answer(res, 500, { error: "decap-server gave no answer" });
}

function answer(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" }).end(JSON.stringify(value));
}
