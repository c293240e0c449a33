import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { BlockContent, DefinitionContent, List, ListItem, PhrasingContent, Root, RootContent } from "mdast";
import remarkParse from "remark-parse";
import { unified } from "unified";
import type { Product } from "../../src/schemas/product.ts";
import { BuildCache, digest } from "../cache.ts";
import { ContentErrors, type ContentIssue } from "../errors.ts";
import type { OutputFile } from "../styles.ts";
import { plugin } from "../plugin.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

export interface DocsInput {
  /** The content folder; documentation lives in <contentDir>/documentation. */
  contentDir: string;
  siteName: string;
  products: readonly Pick<Product, "id" | "name" | "tagline" | "documentationUrl">[];
  /** Ids of draft products this build leaves out: their manuals are theirs, not files of unknown products. */
  drafts?: readonly string[];
  /** The build's cache; without one every PDF is rendered. */
  cache?: BuildCache;
}

/**
 * One PDF per product, written to its documentationUrl: content/documentation/<id>.pdf is copied as it is, otherwise
 * content/documentation/<id>.md is rendered. Every problem (missing or broken documentation, files for unknown products,
 * markdown the PDF cannot show) is collected and thrown as one ContentErrors, before anything is written.
 */
export async function buildDocumentationPdfs({
  contentDir,
  siteName,
  products,
  drafts = [],
  cache = new BuildCache({ rootDir: ROOT }),
}: DocsInput): Promise<OutputFile[]> {
  const code = await cache.code("build/plugins/documentation-pdf.ts");
  const dir = path.join(contentDir, "documentation");
  const names = new Set(await readdir(dir).catch(() => [] as string[]));
  const issues: ContentIssue[] = [];
  const ids = new Set(products.map((p) => p.id));
  for (const name of [...names].sort()) {
    const id = name.replace(/\.(md|pdf)$/, "");
    if (id !== name && !ids.has(id) && !drafts.includes(id)) {
      issues.push({
        file: `content/documentation/${name}`,
        field: "",
        message: `Unknown product "${id}"; expected one of ${[...ids].join(", ")}`,
      });
    }
  }
  const outputs = await Promise.all(
    products.map(async (product): Promise<OutputFile | undefined> => {
      const out = product.documentationUrl.replace(/^\//, "");
      if (names.has(`${product.id}.pdf`)) {
        const contents = await readFile(path.join(dir, `${product.id}.pdf`));
        if (!isPdf(contents)) {
          issues.push({
            file: `content/documentation/${product.id}.pdf`,
            field: "",
            message: "Expected a PDF file (starting with %PDF-); export the document as PDF again",
          });
        }
        return { path: out, contents };
      }
      if (!names.has(`${product.id}.md`)) {
        issues.push({
          file: `content/documentation/${product.id}.md`,
          field: "",
          message: `File is missing; ${product.documentationUrl} must serve a PDF: write content/documentation/${product.id}.md or add content/documentation/${product.id}.pdf`,
        });
        return undefined;
      }
      const file = `content/documentation/${product.id}.md`;
      const markdown = await readFile(path.join(dir, `${product.id}.md`), "utf8");
      const found = checkDocumentation(markdown, file);
      if (found.length) {
        issues.push(...found);
        return undefined;
      }
      const meta = { siteName, title: `${product.name} Documentation`, subtitle: product.tagline };
      // The creation date is an input too when SOURCE_DATE_EPOCH pins it (reproducible builds).
      const key = digest([code, markdown, JSON.stringify(meta), process.env.SOURCE_DATE_EPOCH ?? ""]);
      const pdf = await cache.get("documentation", `${key}.pdf`, () => renderDocumentationPdf(markdown, meta));
      return { path: out, contents: pdf.bytes };
    }),
  );
  if (issues.length) throw new ContentErrors(issues);
  return outputs.filter((o): o is OutputFile => o !== undefined);
}

/** True when the bytes start like a PDF file. */
export function isPdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, 5)).toString("latin1") === "%PDF-";
}

const parser = unified().use(remarkParse);

/** Markdown the PDF renderer understands: headings, paragraphs, lists, code, quotes, rules, emphasis and links. */
const SUPPORTED = new Set([
  "root",
  "heading",
  "paragraph",
  "list",
  "listItem",
  "code",
  "blockquote",
  "thematicBreak",
  "text",
  "strong",
  "emphasis",
  "inlineCode",
  "link",
  "break",
]);

/**
 * The standard PDF fonts print Windows-1252 only: Latin-1 plus these. Any other character would come out as
 * garbage, so the build names it instead.
 */
const WIN_ANSI_EXTRAS = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ";
const printable = (char: string) => {
  const code = char.codePointAt(0) ?? 0;
  return code === 10 || (code >= 32 && code < 127) || (code >= 160 && code <= 255) || WIN_ANSI_EXTRAS.includes(char);
};

/** Problems that would make the PDF lie: markdown it cannot render and characters its fonts cannot print. */
export function checkDocumentation(markdown: string, file: string): ContentIssue[] {
  const issues: ContentIssue[] = [];
  const visit = (node: RootContent | Root) => {
    const line = node.position?.start.line;
    if (!SUPPORTED.has(node.type)) {
      issues.push({
        file,
        line,
        field: "",
        message: `Unexpected ${node.type}, expected headings, paragraphs, lists, code blocks, quotes or links`,
      });
      return;
    }
    if ("value" in node && typeof node.value === "string") {
      const bad = [...node.value].find((c) => !printable(c));
      if (bad) {
        const offset = node.value.slice(0, node.value.indexOf(bad)).split("\n").length - 1;
        issues.push({
          file,
          line: line === undefined ? undefined : line + offset,
          field: "",
          message: `Unexpected character "${bad}", expected text the PDF fonts can print (Latin letters, digits, punctuation)`,
        });
      }
    }
    if ("children" in node) for (const child of node.children) visit(child);
  };
  visit(parser.parse(markdown));
  return issues;
}

const COLOR = { text: "#101828", muted: "#475467", primary: "#4f46e5", rule: "#e4e7ec", code: "#f6f7fb" };
const FONT = {
  regular: "Helvetica",
  bold: "Helvetica-Bold",
  italic: "Helvetica-Oblique",
  boldItalic: "Helvetica-BoldOblique",
  mono: "Courier",
};
const MARGIN = 64;
const LIST_INDENT = 18;

interface Run {
  text: string;
  font: string;
  link?: string;
}

/**
 * Renders documentation markdown to an A4 PDF: a title block with the site's name and the document's title, then
 * the body; every page carries the site name and title at the top and "Page n of N" at the bottom.
 */
export async function renderDocumentationPdf(
  markdown: string,
  meta: { siteName: string; title: string; subtitle?: string },
): Promise<Buffer> {
  // Loaded when a PDF is made: a warm build takes every PDF from the cache and never needs pdfkit.
  const { default: PDFDocument } = await import("pdfkit");
  const created = process.env.SOURCE_DATE_EPOCH ? new Date(Number(process.env.SOURCE_DATE_EPOCH) * 1000) : new Date();
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: meta.title,
      Author: meta.siteName,
      Subject: meta.subtitle ?? meta.title,
      Creator: meta.siteName,
      CreationDate: created,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const page = new PdfPages(doc);
  page.titleBlock(meta);
  for (const node of parser.parse(markdown).children) page.block(node, page.left, page.width);
  page.headersAndFooters(meta);
  doc.end();
  return done;
}

/** Markdown laid out on a pdfkit document, top to bottom. */
class PdfPages {
  readonly left: number;
  readonly width: number;

  constructor(private readonly doc: PDFKit.PDFDocument) {
    this.left = doc.page.margins.left;
    this.width = doc.page.width - this.left - doc.page.margins.right;
  }

  #bottom() {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  /** Starts a new page when less than `height` points are left, so a heading never ends a page. */
  #keep(height: number) {
    if (this.doc.y + height > this.#bottom()) this.doc.addPage();
  }

  titleBlock(meta: { siteName: string; title: string; subtitle?: string }) {
    const { doc, left, width } = this;
    doc
      .font(FONT.bold)
      .fontSize(10)
      .fillColor(COLOR.primary)
      .text(meta.siteName.toUpperCase(), left, doc.y, { characterSpacing: 1 });
    doc.moveDown(0.4);
    doc.font(FONT.bold).fontSize(24).fillColor(COLOR.text).text(meta.title, { width });
    if (meta.subtitle)
      doc.moveDown(0.2).font(FONT.regular).fontSize(12).fillColor(COLOR.muted).text(meta.subtitle, { width });
    doc.moveDown(0.8);
    this.#rule();
  }

  #inline(nodes: PhrasingContent[], x: number, w: number, size = 11, font: string = FONT.regular) {
    const { doc } = this;
    const runs = runsOf(nodes, font).filter((r) => r.text.length);
    doc.fontSize(size);
    runs.forEach((run, i) => {
      const options = {
        width: w,
        lineGap: 3,
        continued: i < runs.length - 1,
        link: run.link ?? null,
        underline: Boolean(run.link),
      };
      doc.font(run.font).fillColor(run.link ? COLOR.primary : COLOR.text);
      if (i === 0) doc.text(run.text, x, doc.y, options);
      else doc.text(run.text, options);
    });
  }

  #rule() {
    const { doc, left, width } = this;
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .lineWidth(1)
      .strokeColor(COLOR.rule)
      .stroke();
    doc.moveDown(0.8);
  }

  block(node: BlockContent | DefinitionContent | RootContent, x: number, w: number) {
    const { doc } = this;
    switch (node.type) {
      case "heading": {
        const size = ({ 1: 20, 2: 16, 3: 13 } as Record<number, number>)[node.depth] ?? 11;
        doc.moveDown(node.depth <= 2 ? 0.8 : 0.4);
        this.#keep(size * 4);
        this.#inline(node.children, x, w, size, FONT.bold);
        doc.moveDown(0.4);
        return;
      }
      case "paragraph":
        this.#keep(30);
        this.#inline(node.children, x, w);
        doc.moveDown(0.6);
        return;
      case "list":
        this.#list(node, x, w);
        doc.moveDown(0.4);
        return;
      case "code":
        return this.#code(node.value, x, w);
      case "blockquote":
        return this.#quote(node.children, x, w);
      case "thematicBreak":
        this.#rule();
        return;
      default:
        return;
    }
  }

  #code(value: string, x: number, w: number) {
    const { doc } = this;
    doc.font(FONT.mono).fontSize(9);
    const height = doc.heightOfString(value, { width: w - 16, lineGap: 2 }) + 16;
    this.#keep(Math.min(height, 120));
    if (doc.y + height <= this.#bottom()) doc.rect(x, doc.y, w, height).fill(COLOR.code);
    doc.fillColor(COLOR.text).text(value, x + 8, doc.y + 8, { width: w - 16, lineGap: 2 });
    doc.y += 8;
    doc.moveDown(0.6);
  }

  #quote(children: readonly (BlockContent | DefinitionContent)[], x: number, w: number) {
    const { doc } = this;
    const top = doc.y;
    for (const child of children) this.block(child, x + 14, w - 14);
    if (doc.y > top)
      doc
        .moveTo(x + 2, top)
        .lineTo(x + 2, doc.y - 8)
        .lineWidth(3)
        .strokeColor(COLOR.primary)
        .stroke();
  }

  #list(node: List, x: number, w: number) {
    const { doc } = this;
    node.children.forEach((item: ListItem, i) => {
      this.#keep(30);
      const marker = node.ordered ? `${(node.start ?? 1) + i}.` : "\u2022";
      const top = doc.y;
      doc
        .font(FONT.regular)
        .fontSize(11)
        .fillColor(COLOR.text)
        .text(marker, x, top, { width: LIST_INDENT, lineBreak: false });
      doc.y = top;
      item.children.forEach((child, j) => {
        if (child.type === "paragraph") {
          this.#inline(child.children, x + LIST_INDENT, w - LIST_INDENT);
          if (j < item.children.length - 1 || node.spread) doc.moveDown(0.3);
        } else this.block(child, x + LIST_INDENT, w - LIST_INDENT);
      });
      doc.moveDown(0.2);
    });
  }

  /** The site name and title atop every page but the first, "Page n of N" below each. */
  headersAndFooters(meta: { siteName: string; title: string }) {
    const { doc, left, width } = this;
    const { start, count } = doc.bufferedPageRange();
    for (let i = start; i < start + count; i += 1) {
      doc.switchToPage(i);
      const margins = { ...doc.page.margins };
      // Writing inside the margins would otherwise make pdfkit start a new page.
      doc.page.margins = { ...margins, top: 0, bottom: 0 };
      doc.font(FONT.regular).fontSize(8).fillColor(COLOR.muted);
      if (i > start) {
        doc.text(meta.siteName, left, MARGIN / 2, { width: width / 2, lineBreak: false });
        doc.text(meta.title, left + width / 2, MARGIN / 2, { width: width / 2, align: "right", lineBreak: false });
      }
      doc.text(`Page ${i - start + 1} of ${count}`, left, doc.page.height - MARGIN / 2 - 8, {
        width,
        align: "center",
        lineBreak: false,
      });
      doc.page.margins = margins;
    }
  }
}

/** A paragraph's text as runs of one font and link each. */
function runsOf(nodes: PhrasingContent[], font: string, link?: string): Run[] {
  return nodes.flatMap((node): Run[] => {
    switch (node.type) {
      case "text":
        return [{ text: node.value.replace(/\s*\n\s*/g, " "), font, link }];
      case "strong":
        return runsOf(node.children, font === FONT.italic ? FONT.boldItalic : FONT.bold, link);
      case "emphasis":
        return runsOf(node.children, font === FONT.bold ? FONT.boldItalic : FONT.italic, link);
      case "inlineCode":
        return [{ text: node.value, font: FONT.mono, link }];
      case "link":
        return runsOf(node.children, font, node.url);
      case "break":
        return [{ text: "\n", font, link }];
      default:
        return [];
    }
  });
}

/** Each product's manual as a PDF at its documentationUrl. */
export const documentation = plugin({
  name: "documentation",
  when: "late",
  needs: ({ contentDir, content, compiled }) => ({
    contentDir,
    siteName: content.site.name,
    products: content.products,
    drafts: compiled.unpublished
      .filter((page) => page.path.startsWith("/products/"))
      .map((page) => page.path.slice(10)),
  }),
  paths: ({ products }) => products.map((product) => product.documentationUrl),
  make: async (input, cache) => {
    const files = await buildDocumentationPdfs({ ...input, cache });
    return { files, detail: `${files.length} PDFs` };
  },
});
