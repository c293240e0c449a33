import type { FaqCategory } from "../schemas/faq-category.ts";
import { uniqueSlugs } from "./slug.ts";

/**
 * The site search's shared vocabulary: what the build writes into the index (build/plugins/search-index.ts) and what the
 * search islands read from it, plus the pure text helpers that quote and highlight a matching passage.
 */

/** The kinds of result, each shown as a group under its label. */
export const SEARCH_KINDS = [
  { kind: "product", label: "Products" },
  { kind: "faq", label: "FAQ" },
  { kind: "policy", label: "Policies" },
  { kind: "article", label: "Articles" },
  { kind: "page", label: "About" },
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number]["kind"];

/** One searchable passage: a product section, an FAQ answer, a policy or article section, a part of the about page. */
export interface SearchDocument {
  kind: SearchKind;
  /** What the passage belongs to: the product name, the question, the policy or article title. */
  title: string;
  /** The heading of the section, when the link goes to one. */
  section?: string;
  /** Site path straight to the passage: /faq#…, /refund#…, /blog/<slug>#… */
  url: string;
  /** Plain text (no markup) that is searched and quoted. */
  text: string;
}

/**
 * The index file, written by the build at a fixed address (not hashed, so pages need not change when it does). Each
 * page is listed once and its passages point at it, so a long article's title and path are not repeated per section.
 */
export interface SearchIndexFile {
  version: 2;
  /** [kind, title, path] */
  pages: [SearchKind, string, string][];
  /** [index into pages, anchor or "" for the page's top, section heading or "", text] */
  passages: [number, string, string, string][];
}
export const SEARCH_INDEX_PATH = "/search-index.json";

/** The route that shows results for a shared link, and its query parameter. */
export const SEARCH_PAGE_PATH = "/search";
export const SEARCH_QUERY_PARAM = "q";

/** Characters of a passage quoted around its first match. */
const PASSAGE_LENGTH = 180;

/** Anchor ids of the FAQ answers, per category and question: one rule for the FAQ page and the index. */
export function faqAnswerIds(faq: readonly FaqCategory[]): string[][] {
  const flat = uniqueSlugs(
    faq.flatMap((category) => category.questions.map((item) => item.q)),
    "answer",
  );
  let next = 0;
  return faq.map((category) => category.questions.map(() => flat[next++] ?? "answer"));
}

/** A piece of quoted text: `match` pieces are shown in <mark>. */
export interface TextPiece {
  text: string;
  match: boolean;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Whole words equal to one of `terms` (as the index lowercases them), case-insensitive; null when there are none. */
function termPattern(terms: readonly string[]): RegExp | null {
  const words = [...new Set(terms.filter(Boolean).map((term) => term.toLowerCase()))].sort(
    (a, b) => b.length - a.length,
  );
  if (words.length === 0) return null;
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.map(escapeRegExp).join("|")})(?![\\p{L}\\p{N}])`, "giu");
}

/**
 * About `length` characters of `text` around the first word that matched, cut at word boundaries and marked with
 * an ellipsis where text was left out; the text's opening when no term occurs in it (a match in the title).
 */
export function passage(text: string, terms: readonly string[], length = PASSAGE_LENGTH): string {
  if (text.length <= length) return text;
  const first = termPattern(terms)?.exec(text)?.index ?? 0;
  let start = Math.max(0, Math.min(first - Math.floor(length / 3), text.length - length));
  let end = Math.min(text.length, start + length);
  if (start > 0) {
    const space = text.indexOf(" ", start);
    start = space >= 0 && space < first ? space + 1 : start;
  }
  if (end < text.length) {
    const space = text.lastIndexOf(" ", end);
    end = space > Math.max(start, first) ? space : end;
  }
  return `${start > 0 ? "… " : ""}${text.slice(start, end).trim()}${end < text.length ? " …" : ""}`;
}

/** Splits `text` into plain and matching pieces, for the islands to render matches as <mark> (never as HTML). */
export function highlight(text: string, terms: readonly string[]): TextPiece[] {
  const pattern = termPattern(terms);
  if (!pattern) return text ? [{ text, match: false }] : [];
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const found of text.matchAll(pattern)) {
    const at = found.index ?? 0;
    if (at > last) pieces.push({ text: text.slice(last, at), match: false });
    pieces.push({ text: found[0], match: true });
    last = at + found[0].length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last), match: false });
  return pieces;
}

/** The documents as the index file stores them. */
export function encodeSearchIndex(documents: readonly SearchDocument[]): SearchIndexFile {
  const pages: SearchIndexFile["pages"] = [];
  const pageIndex = new Map<string, number>();
  const passages = documents.map((doc): SearchIndexFile["passages"][number] => {
    const [path = "", anchor = ""] = doc.url.split("#");
    const key = JSON.stringify([doc.kind, doc.title, path]);
    let page = pageIndex.get(key);
    if (page === undefined) {
      page = pages.push([doc.kind, doc.title, path]) - 1;
      pageIndex.set(key, page);
    }
    return [page, anchor, doc.section ?? "", doc.text];
  });
  return { version: 2, pages, passages };
}

const KINDS = new Set<unknown>(SEARCH_KINDS.map((entry) => entry.kind));
const isString = (value: unknown): value is string => typeof value === "string";

/**
 * The documents of a fetched index file, checked: a file of another version or shape is refused with the reason
 * rather than misread.
 * @throws Error saying what in the file is not as expected.
 */
export function decodeSearchIndex(value: unknown): SearchDocument[] {
  const file = value as Partial<Record<keyof SearchIndexFile, unknown>> | null;
  if (file?.version !== 2 || !Array.isArray(file.pages) || !Array.isArray(file.passages)) {
    throw new Error(`${SEARCH_INDEX_PATH}: expected a version 2 search index with pages and passages`);
  }
  const pages = file.pages as unknown[];
  pages.forEach((page, i) => {
    if (!Array.isArray(page) || !KINDS.has(page[0]) || !isString(page[1]) || !isString(page[2])) {
      throw new Error(`${SEARCH_INDEX_PATH}: pages[${i}] is not [kind, title, path]`);
    }
  });
  return (file.passages as unknown[]).map((passage, i) => {
    const [pageAt, anchor, section, text] = Array.isArray(passage) ? passage : [];
    const page = typeof pageAt === "number" ? (pages[pageAt] as [SearchKind, string, string] | undefined) : undefined;
    if (!page || !isString(anchor) || !isString(section) || !isString(text)) {
      throw new Error(`${SEARCH_INDEX_PATH}: passages[${i}] is not [page, anchor, section, text]`);
    }
    const [kind, title, path] = page;
    return { kind, title, ...(section && { section }), url: anchor ? `${path}#${anchor}` : path, text };
  });
}
