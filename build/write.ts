import { cp, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { RouteTable } from "../src/lib/routing.ts";
import type { InlineScript } from "./bundle.ts";
import type { OutputFile } from "./styles.ts";
import type { RenderedPage } from "./render.tsx";

/** A folder copied as it is, but for the files whose served paths (/images/blog/x.jpg) are left out. */
export interface CopiedFolder {
  from: string;
  to: string;
  leaveOut?: ReadonlySet<string>;
}

/** The path a copied file is served at, e.g. /images/blog/x.jpg. */
export function servedPath(copy: CopiedFolder, file: string): string {
  return path.posix.join("/", copy.to, path.relative(copy.from, file).split(path.sep).join("/"));
}

/** Copies the folders that are served as they are (public/, content/images); a missing folder is fine. */
export async function copyFolders(outDir: string, copies: readonly CopiedFolder[]): Promise<void> {
  for (const copy of copies) {
    // A dotfile (.gitkeep, .DS_Store) keeps a folder or records a desktop's state: never something to serve.
    const filter = (file: string) =>
      !path.basename(file).startsWith(".") && !copy.leaveOut?.has(servedPath(copy, file));
    await cp(copy.from, path.join(outDir, copy.to), { recursive: true, filter }).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") throw error;
      },
    );
  }
}

/** Every generated file of the site (all but the copied folders): pages, bundle, plugins' files, route table, CSP. */
export function siteFiles(
  pages: readonly RenderedPage[],
  made: readonly OutputFile[],
  inlineScripts: ReadonlyMap<string, InlineScript>,
): OutputFile[] {
  const table: RouteTable = { pages: [], notFound: {} };
  for (const page of pages) {
    if (page.route.special) {
      const folder = path.posix.dirname(`/${page.route.outFile}`);
      if (folder !== "/") table.notFound[folder] = `/${page.route.outFile}`;
    } else table.pages.push(page.route.path);
  }
  table.pages.sort();
  return [
    ...made,
    // Encoded when written or compared, not before: an incremental build leaves most pages untouched.
    ...pages.map((page) => ({
      path: page.route.outFile,
      get contents() {
        return Buffer.from(page.html);
      },
    })),
    { path: "_routes.json", contents: Buffer.from(`${JSON.stringify(table, null, 2)}\n`) },
    {
      path: "_csp.json",
      contents: Buffer.from(
        `${JSON.stringify({ scriptHashes: [...inlineScripts.values()].map((s) => s.hash) }, null, 2)}\n`,
      ),
    },
  ];
}

/** Writes files under outDir, creating each folder once. */
export async function writeFiles(outDir: string, files: readonly OutputFile[]): Promise<void> {
  const folders = new Set(files.map((file) => path.dirname(path.join(outDir, file.path))));
  await Promise.all([...folders].map((folder) => mkdir(folder, { recursive: true })));
  await Promise.all(files.map((file) => writeFile(path.join(outDir, file.path), file.contents)));
}

/** The compression level of the size report: the smallest gzip a server could send. */
const GZIP_LEVEL = 9;

/** gzip size of some bytes, as a browser would transfer them. */
export const gzipSize = (bytes: Uint8Array | string) => gzipSync(bytes, { level: GZIP_LEVEL }).length;
