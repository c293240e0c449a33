import { hash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { threadId } from "node:worker_threads";
import { GZIP_LEVEL, gzipSize } from "./write.ts";

/**
 * The gzip size of each page's HTML (the html column of the size report, build/page-weight.ts), kept across builds.
 * Compressing a page at level 9 costs as much CPU as rendering it, and most pages of a build come out as the last
 * build wrote them: those take the size they had. Kept by a hash of the exact bytes, in a file that names the level,
 * so a page that changed by one byte, or a change of the definition, is measured afresh.
 */
export interface MeasuredHtml {
  htmlGzip: number;
  /** SHA-256 of the HTML's UTF-8 bytes: what the size is kept under for the next build. */
  htmlHash: string;
}

/** The gzip size of `html`: as known from a previous build of the same bytes, else measured. */
export function measureHtml(html: string, known: ReadonlyMap<string, number>): MeasuredHtml {
  const bytes = Buffer.from(html);
  const htmlHash = hash("sha256", bytes, "base64url");
  return { htmlHash, htmlGzip: known.get(htmlHash) ?? gzipSize(bytes) };
}

const FILE = "html-gzip.json";

interface Stored {
  level: number;
  sizes: Record<string, number>;
}

function isStored(value: unknown): value is Stored {
  if (typeof value !== "object" || value === null || !("level" in value) || !("sizes" in value)) return false;
  const { sizes } = value;
  return typeof sizes === "object" && sizes !== null && Object.values(sizes).every((size) => Number.isInteger(size));
}

/** The sizes the last build in `dir` kept; none when there is no folder, no file, or one made at another level. */
export async function readHtmlSizes(dir: string | undefined): Promise<Map<string, number>> {
  if (!dir) return new Map();
  const stored = await readFile(path.join(dir, FILE), "utf8")
    .then((text): unknown => JSON.parse(text))
    .catch(() => undefined); // none yet, or cut short: every page is measured
  return isStored(stored) && stored.level === GZIP_LEVEL ? new Map(Object.entries(stored.sizes)) : new Map();
}

/** Keeps the sizes of this build's pages for the next build (and only those: a removed page's size goes). */
export async function writeHtmlSizes(dir: string | undefined, pages: readonly Partial<MeasuredHtml>[]): Promise<void> {
  if (!dir) return;
  const sizes: Record<string, number> = {};
  for (const page of pages) if (page.htmlHash !== undefined && page.htmlGzip !== undefined) sizes[page.htmlHash] = page.htmlGzip;
  await mkdir(dir, { recursive: true });
  // Written aside and renamed, so a parallel build never reads half a file.
  const file = path.join(dir, FILE);
  const temporary = `${file}.${process.pid}.${threadId}.tmp`;
  await writeFile(temporary, JSON.stringify({ level: GZIP_LEVEL, sizes } satisfies Stored));
  await rename(temporary, file);
}
