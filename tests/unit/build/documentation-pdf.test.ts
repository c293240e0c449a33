import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import * as documentationPdf from "../../../build/plugins/documentation-pdf.ts";
import {
  buildDocumentationPdfs,
  checkDocumentation,
  isPdf,
  renderDocumentationPdf,
} from "../../../build/plugins/documentation-pdf.ts";
import { ContentErrors } from "../../../build/errors.ts";

const product = (id: string) => ({
  id,
  name: id.toUpperCase(),
  tagline: `${id} tagline`,
  documentationUrl: `/docs/${id}-documentation.pdf`,
});
/** The PDF's text is compressed; its page objects and document info are not. */
const pageCount = (pdf: Buffer) => pdf.toString("latin1").match(/\/Type \/Page\b/g)?.length ?? 0;

describe("documentation-pdf", () => {
  test("should pin the public exports", () => {
    expect(Object.keys(documentationPdf).sort()).toEqual([
      "buildDocumentationPdfs",
      "checkDocumentation",
      "documentation",
      "isPdf",
      "renderDocumentationPdf",
    ]);
  });

  describe("renderDocumentationPdf", () => {
    test("should write a PDF titled with the document's title and authored by the site", async () => {
      const pdf = await renderDocumentationPdf("## Requirements\n\n- PHP 8.0+\n- MySQL 5.7+\n", {
        siteName: "Site",
        title: "Astroway Documentation",
      });
      expect(isPdf(pdf)).toBe(true);
      const text = pdf.toString("latin1");
      // pdfkit writes the document info strings as objects of their own.
      expect(text).toContain("\n(Astroway Documentation)\n");
      expect(text).toContain("\n(Site)\n");
      expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
    });

    test("should start new pages when the text is longer than one page", async () => {
      const long = Array.from(
        { length: 40 },
        (_, i) => `## Step ${i}\n\n1. Run \`php artisan migrate\` on the server.\n2. Check the logs.\n`,
      ).join("\n");
      const short = await renderDocumentationPdf("One paragraph.", { siteName: "Site", title: "T" });
      const paged = await renderDocumentationPdf(long, { siteName: "Site", title: "T" });
      expect(pageCount(short)).toBe(1);
      expect(pageCount(paged)).toBeGreaterThan(3);
    });
  });

  describe("checkDocumentation", () => {
    test("should accept headings, lists, emphasis, code, quotes and links", () => {
      const markdown =
        "# Title\n\n## A\n\nSome **bold**, *italic*, `code` and [a link](https://example.com).\n\n1. one\n2. two\n\n> note\n\n```\ncode\n```\n\n---\n";
      expect(checkDocumentation(markdown, "content/documentation/x.md")).toEqual([]);
    });

    test("should name the line of markdown the PDF cannot render", () => {
      expect(checkDocumentation("Text\n\n![screen](shot.png)\n", "content/documentation/x.md")).toEqual([
        {
          file: "content/documentation/x.md",
          line: 3,
          field: "",
          message: "Unexpected image, expected headings, paragraphs, lists, code blocks, quotes or links",
        },
      ]);
    });

    test("should name a character the PDF fonts cannot print, with its line", () => {
      const [issue] = checkDocumentation("Fine line\nthen an arrow \u2192 here\n", "content/documentation/x.md");
      expect(issue?.line).toBe(2);
      expect(issue?.message).toContain('Unexpected character "\u2192"');
    });

    test("should allow the typographic quotes and dashes of Windows-1252", () => {
      expect(
        checkDocumentation("It\u2019s \u201cfine\u201d \u2013 really \u2014 \u2026", "content/documentation/x.md"),
      ).toEqual([]);
    });
  });

  describe("buildDocumentationPdfs", () => {
    let dir: string;
    beforeEach(async () => {
      dir = await mkdtemp(path.join(tmpdir(), "docs-"));
      await mkdir(path.join(dir, "documentation"));
    });
    afterEach(() => rm(dir, { recursive: true, force: true }));

    test("should render markdown documentation to the product's documentationUrl", async () => {
      await writeFile(path.join(dir, "documentation/alpha.md"), "## Install\n\n1. Upload the files.\n");
      const [file] = await buildDocumentationPdfs({ contentDir: dir, siteName: "Site", products: [product("alpha")] });
      expect(file?.path).toBe("docs/alpha-documentation.pdf");
      expect(isPdf(file?.contents ?? new Uint8Array())).toBe(true);
    });

    test("should copy a PDF dropped into content/documentation as it is, in preference to markdown", async () => {
      const pdf = Buffer.from("%PDF-1.4\n% editor's own file\n%%EOF\n");
      await writeFile(path.join(dir, "documentation/alpha.pdf"), pdf);
      await writeFile(path.join(dir, "documentation/alpha.md"), "ignored");
      const [file] = await buildDocumentationPdfs({ contentDir: dir, siteName: "Site", products: [product("alpha")] });
      expect(Buffer.from(file?.contents ?? []).equals(pdf)).toBe(true);
    });

    test("should report every problem at once: missing documentation, a fake PDF, a file for no product", async () => {
      await writeFile(path.join(dir, "documentation/beta.pdf"), "not a pdf");
      await writeFile(path.join(dir, "documentation/gamma.md"), "## Orphan");
      const error = await buildDocumentationPdfs({
        contentDir: dir,
        siteName: "Site",
        products: [product("alpha"), product("beta")],
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ContentErrors);
      expect((error as Error).message.split("\n").slice(1)).toEqual([
        "content/documentation/alpha.md: File is missing; /docs/alpha-documentation.pdf must serve a PDF: write content/documentation/alpha.md or add content/documentation/alpha.pdf",
        "content/documentation/beta.pdf: Expected a PDF file (starting with %PDF-); export the document as PDF again",
        'content/documentation/gamma.md: Unknown product "gamma"; expected one of alpha, beta',
      ]);
    });
  });
});
