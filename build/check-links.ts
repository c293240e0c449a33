import type { Dirent } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import type { ContentLink, UnpublishedPage } from "./compile-content.ts";
import type { ContentIssue } from "./errors.ts";

/** What the build is about to write: each page's URL path and HTML, and every other file by its served path. */
export interface SiteTargets {
  pages: ReadonlyArray<{ path: string; html: string }>;
  /** Served paths such as /rss.xml, /images/products/esim.svg, /docs/esim-documentation.pdf. */
  files: ReadonlySet<string>;
  /** Pages of drafts and scheduled posts, built or not: only an unpublished page may link to them. */
  unpublished?: readonly UnpublishedPage[];
}

/** Anything with a scheme (https:, mailto:, tel:) or a protocol-relative host leaves the site. */
const EXTERNAL = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

/**
 * Checks the internal links of markdown bodies against the site as rendered, so the answer is exact: a path must be
 * a page or a file of the build, and an #anchor must be an id on the target page.
 * @returns one issue per broken link, naming its file and line
 */
export function checkContentLinks(links: readonly ContentLink[], site: SiteTargets): ContentIssue[] {
  const pages = new Map(site.pages.map((page) => [page.path, page.html]));
  const idsOf = new Map<string, Set<string>>();
  const ids = (pagePath: string, html: string) => {
    let found = idsOf.get(pagePath);
    if (!found) {
      found = new Set([...html.matchAll(/\sid="([^"]*)"/g)].map((m) => decodeEntities(m[1] ?? "")));
      idsOf.set(pagePath, found);
    }
    return found;
  };
  const unpublished = new Map((site.unpublished ?? []).map((page) => [page.path, page]));
  const issues: ContentIssue[] = [];
  for (const link of links) {
    if (EXTERNAL.test(link.url)) continue;
    const at = (message: string) => issues.push({ file: link.file, line: link.line, field: "link", message });
    const url = new URL(link.url, `http://site.invalid${link.from}`);
    const target = safeDecode(url.pathname).replace(/(.)\/$/, "$1");
    const draft = unpublished.get(target);
    if (draft && !mayLink(unpublished.get(link.from), draft)) {
      at(
        draft.reason.kind === "draft"
          ? `Links to a draft: ${target} (${draft.file}) has draft: true and is not published; remove the link or publish it`
          : `Links to a draft: ${target} (${draft.file}) is scheduled for ${draft.reason.date} and not published before then; remove the link until that day`,
      );
      continue;
    }
    const html = pages.get(target);
    // A scheduled post's link to itself or to an earlier scheduled post: that page is not in this build to look at.
    if (draft && html === undefined) continue;
    if (html === undefined) {
      if (site.files.has(target)) continue;
      const near = closest(target, [...pages.keys(), ...site.files]);
      at(
        `No page or file at ${target}${near ? `; did you mean ${near}?` : "; check the address against the site's pages"}`,
      );
      continue;
    }
    const anchor = safeDecode(url.hash.slice(1));
    if (!anchor) continue;
    const pageIds = ids(target, html);
    if (pageIds.has(anchor)) continue;
    const near = closest(anchor, [...pageIds]);
    at(
      `No anchor #${anchor} on ${target}${near ? `; did you mean #${near}?` : "; link to a heading's id or drop the #part"}`,
    );
  }
  return issues;
}

/**
 * A draft may link to anything; a scheduled post to a post published on its day or before. A published page may not
 * link to either: the link would lead nowhere (or to a page published later than the link).
 */
function mayLink(from: UnpublishedPage | undefined, to: UnpublishedPage): boolean {
  if (from?.reason.kind === "draft") return true;
  return from?.reason.kind === "scheduled" && to.reason.kind === "scheduled" && to.reason.date <= from.reason.date;
}

/** Every file under each folder, as served from its mount point (content/images → /images/…). */
export async function servedFiles(copies: ReadonlyArray<{ from: string; to: string }>): Promise<string[]> {
  const out: string[] = [];
  for (const { from, to } of copies) {
    const entries = await readdir(from, { recursive: true, withFileTypes: true }).catch(() => [] as Dirent[]);
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const rel = path.relative(from, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
      out.push(path.posix.join("/", to, rel));
    }
  }
  return out;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function decodeEntities(text: string): string {
  return text.replace(
    /&(amp|lt|gt|quot|#39|#x27);/g,
    (_, name: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'" })[name] ?? "",
  );
}

/** The candidate within a few edits of `text` (a typo), if there is one. */
function closest(text: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(text.length / 4)) + 1;
  for (const candidate of candidates) {
    const distance = editDistance(text, candidate);
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
