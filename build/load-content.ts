import type { Dirent } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from "yaml";
import type { ContentIssue } from "./errors.ts";
import type { RenderedMarkdown } from "./markdown.ts";
import type { RawHtml } from "./markdown/remark-raw-html.ts";
import type { MarkdownReference } from "./markdown/remark-references.ts";
import {
  type Collection,
  type CollectionName,
  type Collections,
  collectionEntries,
  FREE_FOLDERS,
  type FolderCollection,
} from "../src/schemas/collections.ts";

/** A content file as parsed, with a way to find the line of any field for error messages. */
export interface SourceFile {
  /** Project-relative path, e.g. content/products/esim.yaml. */
  file: string;
  /** File name without extension: the id or slug it must carry. */
  name: string;
  data: unknown;
  /** Markdown body for .md files. */
  body?: string;
  /** Lines of the file above the body (front matter and fences), to turn a line in the body into a line in the file. */
  bodyLine?: number;
  /**
   * Links and images of the markdown body, with their lines in the file. The markdown render finds them (one parse
   * per body, cached with its HTML); build/markdown-bodies.ts adds them before validation.
   */
  references?: MarkdownReference[];
  /** HTML elements written in the markdown body, with their lines in the file (added with the references). */
  rawHtml?: RawHtml[];
  /** The body as pages show it (added with the references): one render per body, which compile-content reads. */
  rendered?: Pick<RenderedMarkdown, "html" | "headings" | "text">;
  /** 1-based line of the field at `fieldPath`, or of the deepest part of it that exists. */
  lineOf(fieldPath: readonly PropertyKey[]): number | undefined;
}

/** What the loader gives for each collection: a file, a folder's files, or (format "names") a folder's file names. */
type RawOf<C> = C extends { kind: "file" }
  ? SourceFile
  : C extends { format: "names" }
    ? ReadonlySet<string>
    : SourceFile[];

/** Every collection of src/schemas/collections.ts as loaded, plus the artwork and what went wrong while reading. */
export type RawContent = { [K in CollectionName]: RawOf<Collections[K]> } & {
  /** Every file under content/images as it is served, e.g. /images/products/esim.svg. */
  images: ReadonlySet<string>;
  /** Syntax errors and ignored files found while reading; validation adds its own. */
  issues: ContentIssue[];
};

const TOP_FILES = collectionEntries().flatMap(([, entry]) => (entry.kind === "file" ? [entry.file] : []));
const FOLDERS = new Map(
  collectionEntries().flatMap(([, entry]) => (entry.kind === "folder" ? [[entry.folder, entry] as const] : [])),
);

/**
 * Reads every content file under `contentDir`. YAML, including markdown front matter, is parsed by one parser with
 * its line counter, so every message can name the line of the field. A file the loader would skip (a product saved
 * as .yml, an article as .markdown) is an error rather than a silent omission.
 */
export async function loadContent(contentDir: string): Promise<RawContent> {
  const issues: ContentIssue[] = [];
  // Messages name files as the editor sees them in the repository, wherever the folder was read from.
  const rel = (file: string) => `content/${path.relative(contentDir, file).split(path.sep).join("/")}`;

  const yamlFile = async (file: string): Promise<SourceFile> => {
    const text = await readFile(file, "utf8").catch(() => undefined);
    if (text === undefined) {
      issues.push({
        file: rel(file),
        field: "",
        message: "File is missing; create it (docs/editing.md, What lives where)",
      });
      return emptySource(rel(file));
    }
    return parseYaml(rel(file), text, 0, issues);
  };
  const markdownFile = async (file: string): Promise<SourceFile> => {
    const text = await readFile(file, "utf8");
    return parseMarkdownFile(rel(file), text, issues);
  };
  const folder = async ({ folder: dir, exts, what }: FolderCollection, load: (file: string) => Promise<SourceFile>) => {
    const entries = await readdir(path.join(contentDir, dir), { withFileTypes: true }).catch(() => [] as Dirent[]);
    const names: string[] = [];
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue; // .DS_Store, .gitkeep: never content
      if (entry.isFile() && exts.includes(path.extname(entry.name))) names.push(entry.name);
      else issues.push(ignored(`content/${dir}/${entry.name}`, entry, exts, what));
    }
    return Promise.all(names.sort().map((name) => load(path.join(contentDir, dir, name))));
  };
  const load = async ([name, entry]: [CollectionName, Collection]) => {
    if (entry.kind === "file") return [name, await yamlFile(path.join(contentDir, entry.file))] as const;
    if (entry.format === "names") {
      const sources = await folder(entry, async (file) => emptySource(rel(file)));
      return [name, new Set(sources.map((source) => path.posix.basename(source.file)))] as const;
    }
    return [name, await folder(entry, entry.format === "markdown" ? markdownFile : yamlFile)] as const;
  };

  const [collections, images] = await Promise.all([
    Promise.all(collectionEntries().map(load)),
    listImages(path.join(contentDir, "images")),
  ]);
  for (const entry of await readdir(contentDir, { withFileTypes: true })) {
    if (entry.name.startsWith(".") && !FREE_FOLDERS.has(entry.name)) continue;
    const known = entry.isFile()
      ? TOP_FILES.includes(entry.name)
      : FREE_FOLDERS.has(entry.name) || FOLDERS.has(entry.name);
    if (!known) issues.push(ignoredTop(entry));
  }
  // The one cast: the entries above follow the table, which RawContent's type is made from.
  return { ...Object.fromEntries(collections), images, issues } as RawContent;
}

/** `content/products/esim.yml: Ignored file: …; rename it to esim.yaml` */
function ignored(file: string, entry: Dirent, exts: readonly string[], what: string): ContentIssue {
  const stem = entry.name.slice(0, entry.name.length - path.extname(entry.name).length) || entry.name;
  const message = entry.isFile()
    ? `Ignored file: ${what} are read from ${exts.join(" or ")} files only; rename it to ${stem}${exts[0] ?? ""}`
    : `Ignored folder: ${what} are read from ${path.posix.dirname(file)}/ itself, not from subfolders; move its files up`;
  return { file, field: "", message };
}

function ignoredTop(entry: Dirent): ContentIssue {
  const meant = TOP_FILES.find((name) => name.replace(/\.yaml$/, "") === entry.name.replace(/\.[^.]+$/, ""));
  const message = !entry.isFile()
    ? `Ignored folder: content/ reads only ${[...FOLDERS.keys()].join(", ")} and images; move its files into one of them`
    : meant
      ? `Ignored file: expected the extension .yaml; rename it to ${meant}`
      : `Ignored file: content/ reads only ${TOP_FILES.join(", ")} at its top; move or delete it`;
  return { file: `content/${entry.name}`, field: "", message };
}

async function listImages(dir: string): Promise<Set<string>> {
  const files = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [] as Dirent[]);
  return new Set(
    files
      .filter((entry) => entry.isFile())
      .map(
        (entry) => `/images/${path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`,
      ),
  );
}

function emptySource(file: string): SourceFile {
  return { file, name: baseName(file), data: undefined, lineOf: () => undefined };
}

function baseName(file: string): string {
  return path.basename(file).replace(/\.[^.]+$/, "");
}

/**
 * Splits a markdown file into front matter and body and parses the front matter with `parseYaml`, so its errors carry
 * file lines like any YAML file's. The front matter is the text between a first line `---` and the next line `---`.
 */
export function parseMarkdownFile(file: string, text: string, issues: ContentIssue[]): SourceFile {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const fence = (line: string | undefined) => line?.trimEnd() === "---";
  const close = fence(lines[0]) ? lines.findIndex((line, i) => i > 0 && fence(line)) : -1;
  if (close < 0) {
    issues.push({
      file,
      line: 1,
      field: "",
      message: fence(lines[0])
        ? 'Front matter is not closed: add a line "---" after its last field'
        : 'Expected front matter: start the file with a line "---", then the fields, then a line "---"',
    });
    return emptySource(file);
  }
  const source = parseYaml(file, lines.slice(1, close).join("\n"), 1, issues);
  const body = lines.slice(close + 1).join("\n");
  return { ...source, body, bodyLine: close + 1 };
}

/** Parses YAML keeping positions; `lineOffset` is the number of lines before it in the file (front matter fence). */
function parseYaml(file: string, text: string, lineOffset: number, issues: ContentIssue[]): SourceFile {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: true });
  const seen = new Set<string>();
  for (const error of doc.errors) {
    // yaml appends "at line N, column M" counted from the start of the YAML text, which in front matter is not the
    // file's line: the line number of the message is the file's own.
    let message = (error.message.split("\n")[0] ?? "").replace(/ at line \d+, column \d+:?$/, "");
    let line = error.linePos?.[0]?.line;
    if (error.code === "MISSING_CHAR" && line !== undefined && /quote/.test(message)) {
      // yaml notices an unclosed quote where the text ends; point at the line that opened it instead.
      const quote = message.includes("'") ? "'" : '"';
      const opened = openingQuoteLine(text, line, quote);
      if (opened !== undefined)
        [line, message] = [
          opened,
          `Missing closing ${quote} quote: the value on this line opens a quote that never closes`,
        ];
    }
    const key = `${line}:${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push({
      file,
      line: line === undefined ? undefined : line + lineOffset,
      field: "",
      message: `YAML syntax: ${message}`,
    });
  }
  const lineAt = (offset: number | undefined) =>
    offset === undefined ? undefined : lineCounter.linePos(offset).line + lineOffset;

  return {
    file,
    name: baseName(file),
    data: doc.errors.length ? undefined : doc.toJS(),
    lineOf(fieldPath) {
      let node: unknown = doc.contents;
      let offset = (node as Node | null)?.range?.[0];
      for (const key of fieldPath) {
        if (isMap(node)) {
          const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(key));
          if (!pair) break;
          offset = isScalar(pair.key) ? pair.key.range?.[0] : offset;
          node = pair.value;
        } else if (isSeq(node)) {
          const item = node.items[Number(key)] as Node | undefined;
          if (!item) break;
          offset = item.range?.[0] ?? offset;
          node = item;
        } else break;
      }
      return lineAt(offset);
    },
  };
}

/** The last line at or above `line` (1-based) with an odd number of `quote` characters: where the open quote is. */
function openingQuoteLine(text: string, line: number, quote: string): number | undefined {
  const lines = text.split("\n");
  for (let i = Math.min(line, lines.length) - 1; i >= 0; i -= 1) {
    if (((lines[i] ?? "").split(quote).length - 1) % 2 === 1) return i + 1;
  }
  return undefined;
}
