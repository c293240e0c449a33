import { readFile, stat } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import {
  COUNTRY_CURRENCY_COOKIE,
  COUNTRY_CURRENCY_COOKIE_ATTRIBUTES,
  countryCurrencyCookie,
  readCookie,
  showsPrices,
} from "../src/lib/currency.ts";
import { resolveRequest, type RouteTable } from "../src/lib/routing.ts";
import {
  adminSecurityHeaders,
  assetHeaders,
  GITHUB_API,
  isAdminPath,
  isAssetPath,
  LOCAL_CMS_API,
  securityHeaders,
} from "../src/lib/security-headers.ts";
import type { CmsBackendHandler } from "./cms-backend.ts";
import { CONTENT_TYPES, COMPRESSIBLE_EXTENSIONS, cacheControl } from "../src/lib/static-files.ts";
import { invokeLambda, type LambdaHandler } from "./lambda-adapter.ts";

export interface SiteServerOptions {
  distDir: string;
  /** function name → handler, mounted at POST /api/<name>. */
  handlers: ReadonlyMap<string, LambdaHandler>;
  /** npm run dev only: live reload and the build-error overlay (server/dev.ts). */
  devReload?: DevHooks;
  /**
   * The country CloudFront would report for a request without a `CloudFront-Viewer-Country` header (a test sends one
   * to play a visitor elsewhere); none: no currency cookie, as when the edge cannot see the country.
   */
  viewerCountry?: string;
  /** npm run dev: /admin's backend (server/cms-backend.ts), at LOCAL_CMS_API; /admin then connects to nothing else. */
  cmsBackend?: CmsBackendHandler;
  /** The build still writing files (npm start serves once the pages are written): a missing file waits for it. */
  pending?: Promise<unknown>;
}

/** What the dev loop adds to the server: its browser script and stylesheet, its event stream, the last failure. */
export interface DevHooks {
  /** Served at /__dev/reload.js and added to every page. */
  script: () => Promise<string>;
  /** Served at /__dev/overlay.css. */
  stylesheet: () => Promise<string>;
  /**
   * /__dev/events: server-sent events "reload" and "build-error". `since` is the good build the page was served from:
   * a page that connects after a newer build finished (a save made while it loaded) reloads at once.
   */
  subscribe: (res: ServerResponse, since: number | undefined) => void;
  /** How many good builds there have been: the page's script carries it, as `since` for its event stream. */
  generation: () => number;
  /** The errors of the last build when it failed. */
  failure: () => string | undefined;
}

/**
 * Serves dist/ with the production routing rules (src/lib/routing.ts), compression, cache headers, the security
 * headers (the page's on every file but the assets, as CloudFront sends them) and the edge's currency cookie (src/lib/currency.ts), and mounts the Lambda handlers at /api/<name>.
 */
export async function createSiteServer(options: SiteServerOptions): Promise<Server> {
  const { distDir, devReload } = options;
  const load = async () => ({
    table: JSON.parse(await readFile(path.join(distDir, "_routes.json"), "utf8")) as RouteTable,
    csp: JSON.parse(await readFile(path.join(distDir, "_csp.json"), "utf8")) as { scriptHashes: string[] },
  });
  // Re-read per request in dev (the build rewrites dist/), where a first build may also have failed; once otherwise.
  const loaded = devReload ? undefined : await load();
  const config = async () => loaded ?? load().catch(() => undefined);
  const compressedCache: CompressedCache = new Map();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (await answerOutsideDist(options, url, req, res)) return;
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { allow: "GET, HEAD" }).end();
      return;
    }
    const loadedConfig = await config();
    if (!loadedConfig) {
      noSiteYet(res, devReload?.failure());
      return;
    }
    const { table, csp } = loadedConfig;
    const admin = isAdminPath(url.pathname);
    // The editor's page is no route of the site (no sitemap, no search): its folder's index is served as it is, as
    // CloudFront's viewer-request function does for any path outside the route table.
    let { file, status } =
      admin && !path.extname(url.pathname)
        ? { file: `${url.pathname.replace(/\/$/, "")}/index.html`, status: 200 }
        : resolveRequest(url.pathname, table);
    let filePath = path.join(distDir, file);
    const fileInfo = () => stat(filePath).catch(() => undefined);
    let info = await fileInfo();
    if (!info?.isFile() && options.pending) info = await options.pending.then(fileInfo);
    if (!info?.isFile()) {
      ({ file, status } = { file: "/404.html", status: 404 });
      filePath = path.join(distDir, file);
      info = await stat(filePath);
    }
    const ext = path.extname(filePath);
    let body: Buffer = await readFile(filePath);
    if (devReload && ext === ".html" && !admin) {
      const script = `<script type="module" src="/__dev/reload.js?build=${devReload.generation()}"></script>`;
      body = Buffer.from(body.toString("utf8").replace("</body>", `${script}</body>`));
    }
    const headers: Record<string, string> = {
      ...(admin
        ? adminSecurityHeaders({ connect: options.cmsBackend ? [] : [GITHUB_API] })
        : isAssetPath(file)
          ? assetHeaders()
          : securityHeaders(csp)),
      "content-type": CONTENT_TYPES[ext] ?? "application/octet-stream",
      "cache-control": devReload ? "no-store" : cacheControl(file),
      vary: "accept-encoding",
      ...(ext === ".html" && showsPrices(url.pathname) ? currencyCookie(req, options.viewerCountry) : {}),
    };
    // Not in dev: brotli at its best quality takes longer than a local browser needs to fetch the page unpacked.
    const encoding = preferredEncoding(String(req.headers["accept-encoding"] ?? ""));
    if (encoding && COMPRESSIBLE_EXTENSIONS.has(ext) && body.length > 1024 && !devReload) {
      body = (await compressed(compressedCache, filePath, info.mtimeMs, body))[encoding];
      headers["content-encoding"] = encoding;
    }
    headers["content-length"] = String(body.length);
    res.writeHead(status, headers);
    res.end(req.method === "HEAD" ? undefined : body);
  };

  return createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error("[server]", error);
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end("Internal Server Error");
    });
  });
}

const preferredEncoding = (accepts: string) =>
  /\bbr\b/.test(accepts) ? "br" : /\bgzip\b/.test(accepts) ? "gzip" : undefined;

/** The edge's viewer-response function (infra/lib/cloudfront-function.ts), on the same rule. */
function currencyCookie(req: IncomingMessage, viewerCountry: string | undefined): Record<string, string> {
  const country = req.headers["cloudfront-viewer-country"];
  const currency = countryCurrencyCookie(
    (Array.isArray(country) ? country[0] : country) ?? viewerCountry,
    readCookie(req.headers.cookie ?? "", COUNTRY_CURRENCY_COOKIE),
  );
  return currency
    ? { "set-cookie": `${COUNTRY_CURRENCY_COOKIE}=${currency}; ${COUNTRY_CURRENCY_COOKIE_ATTRIBUTES}` }
    : {};
}

/** The paths dist/ does not hold: the API, the editor's save endpoint and the dev loop's own. True when answered. */
async function answerOutsideDist(
  { handlers, cmsBackend, devReload }: SiteServerOptions,
  url: URL,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  if (url.pathname.startsWith("/api/")) {
    const name = url.pathname.slice(5);
    const handler = handlers.get(name);
    if (handler) await invokeLambda(handler, req, res, name);
    else
      res
        .writeHead(404, { "content-type": "application/json" })
        .end(JSON.stringify({ success: false, error: `No function ${name}` }));
    return true;
  }
  if (url.pathname === LOCAL_CMS_API) {
    if (cmsBackend) await cmsBackend(req, res);
    else {
      const error = "The editor saves into content/ only while npm run dev runs: start it and open /admin/ there";
      res.writeHead(503, { "content-type": "application/json" }).end(JSON.stringify({ error }));
    }
    return true;
  }
  if (!devReload) return false;
  const asset = { "/__dev/reload.js": ".js", "/__dev/overlay.css": ".css" }[url.pathname];
  if (asset) {
    const text = asset === ".js" ? await devReload.script() : await devReload.stylesheet();
    res.writeHead(200, { "content-type": CONTENT_TYPES[asset] ?? "", "cache-control": "no-store" }).end(text);
    return true;
  }
  if (url.pathname !== "/__dev/events") return false;
  const since = Number.parseInt(url.searchParams.get("since") ?? "", 10);
  await devReload.subscribe(res, Number.isNaN(since) ? undefined : since);
  return true;
}

type Packed = { br: Buffer; gzip: Buffer };
type CompressedCache = Map<string, { mtime: number; packed: Promise<Packed> }>;

/** The file's brotli and gzip forms, made once per version of it. */
function compressed(cache: CompressedCache, filePath: string, mtime: number, body: Buffer): Promise<Packed> {
  let entry = cache.get(filePath);
  if (!entry || entry.mtime !== mtime) {
    entry = { mtime, packed: pack(body) };
    cache.set(filePath, entry);
  }
  return entry.packed;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * A file packed off the event loop, so the site keeps answering while a large one is packed. Brotli's best quality
 * for pages; a quicker one for files of megabytes (the editor's bundle), where the best would keep the first request
 * waiting far longer than its few percent fewer bytes save.
 */
async function pack(body: Buffer): Promise<Packed> {
  const quality = body.length > 1_000_000 ? 6 : 11;
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }),
    gzipped(body, { level: 9 }),
  ]);
  return { br, gzip: gz };
}

/** Dev, and no build has succeeded yet: a page that shows the overlay and reloads when one does. */
function noSiteYet(res: ServerResponse, failure: string | undefined): void {
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Build failed</title></head><body><main><h1>No site yet</h1><p>${failure ? "The build failed; the errors are shown over this page and in the terminal." : "The first build is running."}</p></main><script type="module" src="/__dev/reload.js"></script></body></html>`;
  res
    .writeHead(503, {
      ...securityHeaders({ scriptHashes: [] }),
      "content-type": CONTENT_TYPES[".html"] ?? "",
      "cache-control": "no-store",
    })
    .end(page);
}
