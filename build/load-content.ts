import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import matter from "gray-matter";
import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from "yaml";
import type { ContentIssue } from "./errors.ts";

/** A content file as parsed, with a way to find the line of any field for error messages. */
export interface SourceFile {
  /** Project-relative path, e.g. content/products/esim.yaml. */
  file: string;
  /** File name without extension: the id or slug it must carry. */
  name: string;
  data: unknown;
  /** Markdown body for .md files. */
  body?: string;
  /** 1-based line of the field at `fieldPath`, or of the deepest part of it that exists. */
  lineOf(fieldPath: readonly PropertyKey[]): number | undefined;
}

export interface RawContent {
  site: SourceFile;
  about: SourceFile;
  faq: SourceFile;
  testimonials: SourceFile;
  installation: SourceFile;
  /** content/product-page.yaml: copy shared by every product page. */
  productPage: SourceFile;
  products: SourceFile[];
  portfolio: SourceFile[];
  posts: SourceFile[];
  pages: SourceFile[];
  /** Syntax errors found while parsing; validation adds its own. */
  issues: ContentIssue[];
}

/**
 * Reads every content file under `contentDir`. YAML is parsed with positions kept so that a validation error can
 * name the line of the field; markdown front matter is split with gray-matter and parsed the same way.
 */
export async function loadContent(contentDir: string, parsed?: ParseCache): Promise<RawContent> {
  const issues: ContentIssue[] = [];
  // npm run dev: a file whose text is unchanged since the last build is not parsed again.
  const remembered = (file: string, text: string, parse: () => SourceFile): SourceFile => {
    const known = parsed?.get(file);
    if (known?.text === text) return known.source;
    const before = issues.length;
    const source = parse();
    if (issues.length === before) parsed?.set(file, { text, source });
    return source;
  };
  // Messages name files as the editor sees them in the repository, wherever the folder was read from.
  const rel = (file: string) => `content/${path.relative(contentDir, file).split(path.sep).join("/")}`;

  const yamlFile = async (file: string): Promise<SourceFile> => {
    const text = await readFile(file, "utf8").catch(() => undefined);
    if (text === undefined) {
      issues.push({ file: rel(file), field: "", message: "File is missing; create it (see README, Content)" });
      return emptySource(rel(file));
    }
    return remembered(file, text, () => parseYaml(rel(file), text, 0, issues));
  };
  const markdownFile = async (file: string): Promise<SourceFile> => {
    const text = await readFile(file, "utf8");
    return remembered(file, text, () => {
      // gray-matter caches by content; a copy of the options object keeps each call independent.
      const split = matter(text, {});
      // The YAML starts after the opening fence; gray-matter keeps the fence's own line break at its start.
      const openingLines = (text.startsWith("---") ? 1 : 0) - (split.matter.startsWith("\n") ? 1 : 0);
      const source = parseYaml(rel(file), split.matter, openingLines, issues);
      return { ...source, body: split.content };
    });
  };
  const folder = async (dir: string, ext: string, load: (file: string) => Promise<SourceFile>) => {
    const names = (await readdir(path.join(contentDir, dir)).catch(() => [] as string[]))
      .filter((name) => name.endsWith(ext))
      .sort();
    return Promise.all(names.map((name) => load(path.join(contentDir, dir, name))));
  };

  const [site, about, faq, testimonials, installation, productPage, products, portfolio, posts, pages] = await Promise.all([
    yamlFile(path.join(contentDir, "site.yaml")),
    yamlFile(path.join(contentDir, "about.yaml")),
    yamlFile(path.join(contentDir, "faq.yaml")),
    yamlFile(path.join(contentDir, "testimonials.yaml")),
    yamlFile(path.join(contentDir, "installation-packages.yaml")),
    yamlFile(path.join(contentDir, "product-page.yaml")),
    folder("products", ".yaml", yamlFile),
    folder("portfolio", ".yaml", yamlFile),
    folder("blog", ".md", markdownFile),
    folder("pages", ".md", markdownFile),
  ]);
  return { site, about, faq, testimonials, installation, productPage, products, portfolio, posts, pages, issues };
}

/** Parsed files by path, with the text they were parsed from (kept by a build session between builds). */
export type ParseCache = Map<string, { text: string; source: SourceFile }>;

function emptySource(file: string): SourceFile {
  return { file, name: baseName(file), data: undefined, lineOf: () => undefined };
}

function baseName(file: string): string {
  return path.basename(file).replace(/\.[^.]+$/, "");
}

/** Parses YAML keeping positions; `lineOffset` is the number of lines before it in the file (front matter fence). */
export function parseYaml(file: string, text: string, lineOffset: number, issues: ContentIssue[]): SourceFile {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: true });
  for (const error of doc.errors) {
    const pos = error.linePos?.[0];
    issues.push({
      file,
      line: pos ? pos.line + lineOffset : undefined,
      field: "",
      message: `YAML syntax: ${error.message.split("\n")[0]}`,
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
