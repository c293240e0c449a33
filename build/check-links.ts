import type { Dirent } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import type { CompiledContent, ContentLink, UnpublishedPage } from "./compile-content.ts";
import { ContentErrors, type ContentIssue } from "./errors.ts";
import { closest } from "../src/lib/spelling.ts";
import { decodeUrl, EXTERNAL, linkVerdict, noPageAt, typoDistance } from "../src/lib/content-rules.ts";
import { elementsOf, parsePage } from "./html-tree.ts";
import type { RenderedPage } from "./render.tsx";
import { collectionEntries } from "../src/schemas/collections.ts";
import { type CopiedFolder, servedPath } from "./write.ts";

/** What the build is about to write: each page's URL path and HTML, and every other file by its served path. */
export interface SiteTargets {
  pages: ReadonlyArray<{ path: string; html: string }>;
  /** Served paths such as /rss.xml, /images/products/esim.svg, /docs/esim-documentation.pdf. */
  files: ReadonlySet<string>;
  /** Pages of drafts and scheduled posts, built or not: only an unpublished page may link to them. */
  unpublished?: readonly UnpublishedPage[];
}

/** URL folders whose every page is a content file's (/blog/<slug>): a missing one there is an error, never deferred. */
const COLLECTION_FOLDERS = new Set(
  collectionEntries().flatMap(([, entry]) => {
    const [, folder, name] = (entry.kind === "folder" && entry.page?.split("/")) || [];
    return folder && name === "{name}" ? [folder] : [];
  }),
);

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
      found = new Set(elementsOf(parsePage(html)).flatMap((element) => String(element.properties.id ?? "") || []));
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
    const target = decodeUrl(url.pathname).replace(/(.)\/$/, "$1");
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
      if (!site.files.has(target)) at(noPageAt(target, [...pages.keys(), ...site.files]));
      continue;
    }
    const anchor = decodeUrl(url.hash.slice(1));
    if (!anchor) continue;
    const pageIds = ids(target, html);
    if (pageIds.has(anchor)) continue;
    const near = closest(anchor, pageIds, typoDistance(anchor));
    at(
      `No anchor #${anchor} on ${target}${near ? `; did you mean #${near}?` : "; link to a heading's id or drop the #part"}`,
    );
  }
  return issues;
}

/**
 * The build's link check: the links of markdown bodies against the pages as rendered and every file the build will
 * serve, so routes and anchors are exactly the built ones.
 * @returns how many links were checked
 * @throws ContentErrors naming each broken link's file and line
 */
export function checkSiteLinks(compiled: CompiledContent, pages: readonly RenderedPage[], files: ReadonlySet<string>) {
  const targets = pages
    .filter((page) => !page.route.special)
    .map((page) => ({ path: page.route.path, html: page.html }));
  const broken = checkContentLinks(compiled.links, { pages: targets, files, unpublished: compiled.unpublished });
  if (broken.length) throw new ContentErrors(broken);
  return compiled.links.length;
}

/**
 * A draft may link to anything; a scheduled post to a post published on its day or before. A published page may not
 * link to either: the link would lead nowhere (or to a page published later than the link).
 */
function mayLink(from: UnpublishedPage | undefined, to: UnpublishedPage): boolean {
  if (from?.reason.kind === "draft") return true;
  return from?.reason.kind === "scheduled" && to.reason.kind === "scheduled" && to.reason.date <= from.reason.date;
}

/** What is known of the site before content is valid: page paths from src/pages' file names and the copied files. */
export interface SiteShape {
  /** Paths of pages without parameters, such as / and /faq. */
  fixed: readonly string[];
  /** Segments of pages whose paths come from content, such as ["blog", "[slug]"]. */
  patterns: readonly (readonly string[])[];
  /** Files copied as they are (public/, content/images): every one that will be served from their folders. */
  files: ReadonlySet<string>;
  /** The pages content files make, by file name (src/schemas/collections.ts `page`), invalid files included. */
  contentPages: readonly string[];
}

/**
 * The link check of a build whose content is invalid, so no page is rendered: a link is broken already when its path
 * is no page of src/pages, no page of a content file (/blog/<file name>) and no copied file. What needs rendered pages
 * waits for the next build and is returned as deferred, saying why: an #anchor, a page made from content that is no
 * file's (/blog/page/2), a generated file (a PDF, a share card, rss.xml).
 */
export function checkLinksWithoutPages(
  links: readonly ContentLink[],
  site: SiteShape,
): { issues: ContentIssue[]; deferred: ContentIssue[] } {
  const issues: ContentIssue[] = [];
  const deferred: ContentIssue[] = [];
  const targets = {
    pages: new Set([...site.fixed, ...site.contentPages]),
    patterns: site.patterns,
    collectionFolders: COLLECTION_FOLDERS,
    files: site.files,
  };
  for (const link of links) {
    const { broken, wait } = linkVerdict(link.url, link.from, targets);
    const at = { file: link.file, line: link.line, field: "link" };
    if (wait) deferred.push({ ...at, message: `${link.url} ${wait}` });
    if (broken) issues.push({ ...at, message: broken });
  }
  return { issues, deferred };
}

/** Every file under each folder, as served from its mount point (content/images → /images/…). */
export async function servedFiles(copies: readonly CopiedFolder[]): Promise<string[]> {
  const out: string[] = [];
  for (const copy of copies) {
    const entries = await readdir(copy.from, { recursive: true, withFileTypes: true }).catch(() => [] as Dirent[]);
    for (const entry of entries) {
      const served = servedPath(copy, path.join(entry.parentPath, entry.name));
      if (entry.isFile() && !entry.name.startsWith(".") && !copy.leaveOut?.has(served)) out.push(served);
    }
  }
  return out;
}

/** A few edits, more for a longer address: what a typo in it can take. */
