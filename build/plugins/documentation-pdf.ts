import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Product } from "../../src/schemas/product.ts";
import { type BuildCache, digest } from "../cache.ts";
import { ContentErrors, type ContentIssue } from "../errors.ts";
import { escapeMarkup } from "../html-tree.ts";
import { renderMarkdown } from "../markdown.ts";
import { plugin } from "../plugin.ts";
import type { OutputFile } from "../styles.ts";

export interface DocsInput {
  /** The content folder; documentation lives in <contentDir>/documentation. */
  contentDir: string;
  siteName: string;
  products: readonly Pick<Product, "id" | "name" | "tagline" | "documentationUrl">[];
  /** Ids of draft products this build leaves out: their manuals are theirs, not files of unknown products. */
  drafts: readonly string[];
}

/** The browser the tests drive, Debian's (scripts/system-packages.txt), prints the manuals. */
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const DRIVER = "playwright-core";
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

/**
 * One PDF per product, written to its documentationUrl: content/documentation/<id>.pdf is copied as it is, otherwise
 * content/documentation/<id>.md is printed (validation made sure one of them is there). Every problem is collected and
 * thrown as one ContentErrors, before anything is written.
 */
export async function buildDocumentationPdfs(input: DocsInput, cache: BuildCache): Promise<OutputFile[]> {
  const { contentDir, siteName, products, drafts } = input;
  const code = await cache.code("build/plugins/documentation-pdf.ts");
  const dir = path.join(contentDir, "documentation");
  const names = new Set(await readdir(dir));
  const ids = products.map((p) => p.id);
  const issues = [...names].flatMap((name) => {
    const id = name.replace(/\.(md|pdf)$/, "");
    if (ids.includes(id) || drafts.includes(id)) return [];
    return [issue(name, `Unknown product "${id}"; expected one of ${ids.join(", ")}`)];
  });
  const printer = new Printer();
  const outputs = await Promise.all(
    products.map(async (product): Promise<OutputFile> => {
      const out = product.documentationUrl.replace(/^\//, "");
      if (names.has(`${product.id}.pdf`)) {
        const contents = await readFile(path.join(dir, `${product.id}.pdf`));
        if (!isPdf(contents)) issues.push(issue(`${product.id}.pdf`, "Expected a PDF file; export it as PDF again"));
        return { path: out, contents };
      }
      const markdown = await readFile(path.join(dir, `${product.id}.md`), "utf8");
      const rendered = await renderMarkdown(markdown, `content/documentation/${product.id}.md`);
      const unprintable = [...rendered.references.filter((r) => r.kind === "image"), ...rendered.rawHtml];
      for (const { line } of unprintable)
        issues.push({ ...issue(`${product.id}.md`, "Unexpected image or HTML, expected markdown text"), line });
      if (unprintable.length) return { path: out, contents: new Uint8Array() };
      const html = manualHtml(rendered.html, { siteName, title: `${product.name} Documentation`, ...product });
      // The creation date is an input too when SOURCE_DATE_EPOCH pins it (reproducible builds).
      const key = digest([code, html, process.env.SOURCE_DATE_EPOCH ?? ""]);
      const pdf = await cache.get("documentation", `${key}.pdf`, () => printer.print(html));
      return { path: out, contents: pdf.bytes };
    }),
  ).finally(() => printer.close());
  if (issues.length) throw new ContentErrors(issues);
  return outputs;
}

const issue = (name: string, message: string): ContentIssue => ({
  file: `content/documentation/${name}`,
  field: "",
  message,
});

/** True when the bytes start like a PDF file. */
export function isPdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, 5)).toString("latin1") === "%PDF-";
}

/** A manual as one HTML page: the site's name, the title and the tagline above the rendered markdown. */
function manualHtml(body: string, meta: { siteName: string; title: string; tagline: string }): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeMarkup(meta.title)}</title><style>
body { font: 11pt/1.5 sans-serif; color: #101828; }
header { border-bottom: 1px solid #e4e7ec; margin-bottom: 1.5em; }
header p:first-child { color: #4f46e5; font-weight: bold; letter-spacing: 0.1em; text-transform: uppercase; }
h1, h2, h3 { break-after: avoid; } a { color: #4f46e5; }
pre { background: #f6f7fb; padding: 8pt; white-space: pre-wrap; } blockquote { border-left: 3pt solid #4f46e5; }
</style></head><body><header><p>${escapeMarkup(meta.siteName)}</p><h1>${escapeMarkup(meta.title)}</h1>
<p>${escapeMarkup(meta.tagline)}</p></header>${body}</body></html>`;
}

/** Chromium, started for the first manual the cache does not hold: a warm build never starts it. */
class Printer {
  #browser: Promise<import("playwright-core").Browser> | undefined;

  async print(html: string): Promise<Buffer> {
    // A name esbuild does not follow: the cache keys by this module's code, and the browser's driver is no part of it.
    this.#browser ??= (import(DRIVER) as Promise<typeof import("playwright-core")>).then(({ chromium }) =>
      chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] }),
    );
    const page = await (await this.#browser).newPage();
    await page.setContent(html);
    const pdf = await page.pdf({
      format: "A4",
      margin: { top: "22mm", bottom: "22mm", left: "20mm", right: "20mm" },
      displayHeaderFooter: true,
      headerTemplate: `<div style="font-size:8px;margin-left:20mm;color:#475467"><span class="title"></span></div>`,
      footerTemplate: `<div style="font-size:8px;width:100%;text-align:center;color:#475467">Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>`,
    });
    await page.close();
    const pinned = process.env.SOURCE_DATE_EPOCH;
    if (!pinned) return pdf;
    // Chromium dates the file now; the same date in the same number of bytes keeps the file's offsets.
    const date = new Date(Number(pinned) * 1000).toISOString().replace(/\D/g, "").slice(0, 14);
    return Buffer.from(pdf.toString("latin1").replace(/\(D:\d{14}/g, `(D:${date}`), "latin1");
  }

  async close() {
    if (this.#browser) await (await this.#browser).close();
  }
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
    const files = await buildDocumentationPdfs(input, cache);
    return { files, detail: `${files.length} PDFs` };
  },
});
