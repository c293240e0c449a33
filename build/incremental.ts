import { createHash } from "node:crypto";
import { rm, rmdir } from "node:fs/promises";
import path from "node:path";
import type { SiteContent } from "../src/lib/content.ts";
import type { OutputFile } from "./styles.ts";
import type { RenderedPage } from "./render.tsx";
import type { Route } from "./routes.ts";
import { writeFiles } from "./write.ts";

const hash = (text: string | Uint8Array) => createHash("sha1").update(text).digest("base64");

/**
 * What every page reads besides its own data: the shell (header, footer, menus, head) shows the site facts and the
 * product list. Posts, projects and policy pages reach a page only through its data.
 */
function sharedKey(content: SiteContent): string {
  const { posts: _posts, portfolio: _portfolio, pages: _pages, ...shared } = content;
  return hash(JSON.stringify(shared));
}

/**
 * A key per page that changes whenever its HTML could: the route, the shared content and the page's own data and
 * head. A page whose key is unchanged since the last build is not rendered again.
 */
export function pageKeys(
  routes: readonly Route[],
  content: SiteContent,
  /** Each route's data and head, in route order. */
  inputs: readonly { data: unknown; head: unknown }[],
): Map<string, string> {
  const shared = sharedKey(content);
  // Each post, project and policy page is hashed once, not once per page that lists it (the blog list, related posts).
  const entries = new Map<unknown, string>();
  for (const entry of [...content.posts, ...content.portfolio, ...content.pages])
    entries.set(entry, `#${hash(JSON.stringify(entry))}`);
  const replacer = (_key: string, value: unknown) => entries.get(value) ?? value;
  return new Map(
    routes.map((route, i) => {
      const { data, head } = inputs[i] ?? { data: undefined, head: undefined };
      const key = `${shared}\0${route.module}\0${route.path}\0${JSON.stringify(data, replacer)}\0${JSON.stringify(head)}`;
      return [route.outFile, hash(key)];
    }),
  );
}

export interface KeyedPage {
  key: string;
  page: RenderedPage;
}

/**
 * Writes only the files whose bytes differ from what the last build wrote, and deletes the files it no longer
 * writes (a removed post), so dist/ ends up as a clean build would leave it. Returns the new fingerprints.
 */
export async function writeChanges(
  outDir: string,
  files: readonly OutputFile[],
  written: ReadonlyMap<string, string>,
  /** Files known to be as the last build wrote them (pages not rendered again): not hashed again. */
  unchanged: ReadonlySet<string> = new Set(),
): Promise<{ fingerprints: Map<string, string>; changed: number; removed: number }> {
  const fingerprint = (file: OutputFile) =>
    (unchanged.has(file.path) ? written.get(file.path) : undefined) ?? hash(file.contents);
  const fingerprints = new Map(files.map((file) => [file.path, fingerprint(file)]));
  const changed = files.filter((file) => written.get(file.path) !== fingerprints.get(file.path));
  const removed = [...written.keys()].filter((file) => !fingerprints.has(file));
  await writeFiles(outDir, changed);
  await Promise.all(
    removed.map(async (file) => {
      await rm(path.join(outDir, file), { force: true });
      // A removed post leaves its folder empty; a clean build would not have it.
      await rmdir(path.dirname(path.join(outDir, file))).catch(() => {});
    }),
  );
  return { fingerprints, changed: changed.length, removed: removed.length };
}
