/**
 * The routing rules, written once. The local server follows them and the CloudFront function is tested against
 * them, so a URL behaves the same on a laptop and in production. Keep this module dependency-free.
 */

/** Written by the build to dist/_routes.json. */
export interface RouteTable {
  /** Every prerendered page path, without trailing slash ("/" for home). */
  pages: string[];
  /** Folder path → its own not-found view, e.g. "/products" → "/products/_404.html". */
  notFound: Record<string, string>;
}

/** The file under dist/ that answers, and the status to answer with. */
export interface Resolution {
  file: string;
  status: 200 | 404;
}

/**
 * Deeper paths are answered by /404.html without looking further. No page is nearly this deep; the cap bounds the
 * work a crafted URL (thousands of `/_` segments) can cause, here and in the CloudFront function.
 */
export const MAX_SEGMENTS = 16;

const SITE_NOT_FOUND: Resolution = { file: "/404.html", status: 404 };
/** Assets are content-hashed and served as they are; a last segment with an extension names a file. */
const EXTENSION = /\.[a-z0-9]+$/i;

/**
 * Maps a request path to the file that answers it and the status, in time linear in the path's length.
 * - "/about" and "/about/" → about/index.html (200)
 * - "/assets/x.js" → that file (its absence is the server's 404)
 * - "/products/unknown" → the nearest folder's not-found view, e.g. /products/_404.html (404)
 * - anything else, and any path deeper than MAX_SEGMENTS → /404.html (404)
 */
export function resolveRequest(pathname: string, table: RouteTable): Resolution {
  const parsed = parsePath(pathname);
  if (!parsed) return SITE_NOT_FOUND;
  const { path, segments } = parsed;
  // Underscore files are internal views (404 pages, the route table); they are not addressable.
  if (segments.some((s) => s.startsWith("_"))) return notFoundView(segments, table.notFound) ?? SITE_NOT_FOUND;
  if (isFile(path, segments)) return { file: path, status: 200 };
  const normalized = `/${segments.join("/")}`;
  if (pageSet(table).has(normalized)) return { file: indexFile(segments), status: 200 };
  return notFoundView(segments, table.notFound) ?? SITE_NOT_FOUND;
}

/**
 * What the CloudFront function needs of the route table, which does not grow with the pages: it rewrites a path to
 * `<path>/index.html` and lets the bucket decide, except below a folder with its own not-found view, whose pages are
 * `listed` to tell an unknown product from a known one. `viewDepth` is the deepest such folder.
 */
export function edgeTable(table: RouteTable): {
  notFound: Record<string, string>;
  listed: string[];
  viewDepth: number;
} {
  const listed = table.pages.filter((page) => {
    const segments = page.split("/").filter(Boolean);
    return segments.length > 1 && notFoundView(segments, table.notFound) !== undefined;
  });
  return { notFound: table.notFound, listed, viewDepth: viewDepth(table.notFound) };
}

/** Decoded path and its non-empty segments; undefined for what cannot be a path of this site. */
function parsePath(pathname: string): { path: string; segments: string[] } | undefined {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (!path.startsWith("/") || path.includes("\0")) return undefined;
  const segments: string[] = [];
  for (let start = 1; start <= path.length; ) {
    const slash = path.indexOf("/", start);
    const end = slash === -1 ? path.length : slash;
    const segment = path.slice(start, end);
    // "." and ".." would let CloudFront or S3 normalise the path into another key than the one checked here.
    if (segment === "." || segment === "..") return undefined;
    if (segment) {
      if (segments.length === MAX_SEGMENTS) return undefined;
      segments.push(segment);
    }
    start = end + 1;
  }
  return { path, segments };
}

function isFile(path: string, segments: string[]): boolean {
  return !path.endsWith("/") && EXTENSION.test(segments[segments.length - 1] ?? "");
}

function indexFile(segments: string[]): string {
  return segments.length ? `/${segments.join("/")}/index.html` : "/index.html";
}

/**
 * The not-found view of the nearest folder above the path that has one. Prefixes are built one segment at a time
 * and only as deep as the deepest such folder, so the work is linear in the path's length.
 */
function notFoundView(segments: string[], views: Record<string, string>): Resolution | undefined {
  const depth = Math.min(segments.length - 1, viewDepth(views));
  let found: Resolution | undefined;
  let folder = "";
  for (let i = 0; i < depth; i += 1) {
    folder += `/${segments[i]}`;
    const view = Object.hasOwn(views, folder) ? views[folder] : undefined;
    if (view) found = { file: view, status: 404 };
  }
  return found;
}

/** `make`, worked out once per table (a server answers every request from the same one). */
function perTable<K extends object, V>(make: (key: K) => V): (key: K) => V {
  const made = new WeakMap<K, V>();
  return (key) => (made.has(key) ? (made.get(key) as V) : (made.set(key, make(key)).get(key) as V));
}

const viewDepth = perTable((views: Record<string, string>) =>
  Math.max(0, ...Object.keys(views).map((folder) => folder.split("/").filter(Boolean).length)),
);
const pageSet = perTable((table: RouteTable) => new Set(table.pages));
