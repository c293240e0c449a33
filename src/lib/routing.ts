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

/** Assets are content-hashed and served as they are; anything with a dot in its last segment is a file. */
const FILE_PATTERN = /\/[^/]*\.[a-z0-9]+$/i;

/**
 * Maps a request path to the file that answers it and the status.
 * - "/about" and "/about/" → about/index.html (200)
 * - "/assets/x.js" → that file (its absence is the server's 404)
 * - "/products/unknown" → the nearest folder's not-found view, e.g. /products/_404.html (404)
 * - anything else → /404.html (404)
 */
export function resolveRequest(pathname: string, table: RouteTable): Resolution {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return { file: "/404.html", status: 404 };
  }
  if (!path.startsWith("/") || path.includes("\0") || path.split("/").includes("..")) {
    return { file: "/404.html", status: 404 };
  }
  const segments = path.split("/").filter(Boolean);
  // Underscore files are internal views (404 pages, the route table); they are not addressable.
  if (segments.some((s) => s.startsWith("_"))) return notFound(segments, table);
  if (FILE_PATTERN.test(path)) return { file: path, status: 200 };

  const normalized = segments.length ? `/${segments.join("/")}` : "/";
  if (table.pages.includes(normalized)) {
    return { file: normalized === "/" ? "/index.html" : `${normalized}/index.html`, status: 200 };
  }
  return notFound(segments, table);
}

function notFound(segments: string[], table: RouteTable): Resolution {
  for (let depth = segments.length - 1; depth >= 1; depth -= 1) {
    const view = table.notFound[`/${segments.slice(0, depth).join("/")}`];
    if (view) return { file: view, status: 404 };
  }
  return { file: "/404.html", status: 404 };
}
