import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { BuildCache } from "../../../build/cache.ts";
import { ContentErrors } from "../../../build/errors.ts";
import { buildDocumentationPdfs, isPdf } from "../../../build/plugins/documentation-pdf.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const product = (id: string) => ({
  id,
  name: id.toUpperCase(),
  tagline: `${id} tagline`,
  documentationUrl: `/docs/${id}-documentation.pdf`,
});
/** The PDF's text is compressed; its page objects are not. */
const pageCount = (pdf: Uint8Array) =>
  Buffer.from(pdf)
    .toString("latin1")
    .match(/\/Type \/Page\b/g)?.length ?? 0;

describe("buildDocumentationPdfs", () => {
  let dir: string;
  const write = (name: string, text: string) => writeFile(path.join(dir, "documentation", name), text);
  const make = (ids: string[], drafts: string[] = []) =>
    buildDocumentationPdfs(
      { contentDir: dir, siteName: "Site", products: ids.map(product), drafts },
      new BuildCache({ rootDir: ROOT }),
    );
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "docs-"));
    await mkdir(path.join(dir, "documentation"));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  test("prints each manual to its product's documentationUrl, a page more for a longer manual, any alphabet", async () => {
    const step = (i: number) => `## Step ${i}\n\n1. Run \`php artisan migrate\` → on the server.\n2. Check the logs.\n`;
    await write("alpha.md", "## Install\n\nOne paragraph, **bold** and [a link](https://example.com).\n");
    await write("beta.md", Array.from({ length: 40 }, (_, i) => step(i)).join("\n"));
    await write("gamma.md", "draft product's manual");
    const [alpha, beta] = await make(["alpha", "beta"], ["gamma"]);
    expect(alpha?.path).toBe("docs/alpha-documentation.pdf");
    expect(isPdf(alpha?.contents ?? new Uint8Array())).toBe(true);
    expect(pageCount(alpha?.contents ?? new Uint8Array())).toBe(1);
    expect(pageCount(beta?.contents ?? new Uint8Array())).toBeGreaterThan(3);
  });

  test("prints the same bytes twice when SOURCE_DATE_EPOCH pins the date", async () => {
    await write("alpha.md", "## Install\n");
    process.env.SOURCE_DATE_EPOCH = "1735689600";
    try {
      const [[first], [second]] = [await make(["alpha"]), await make(["alpha"])];
      expect(Buffer.from(first?.contents ?? []).equals(Buffer.from(second?.contents ?? []))).toBe(true);
      expect(Buffer.from(first?.contents ?? []).toString("latin1")).toContain("(D:20250101000000");
    } finally {
      delete process.env.SOURCE_DATE_EPOCH;
    }
  });

  test("copies a PDF dropped into content/documentation as it is, in preference to markdown", async () => {
    const pdf = Buffer.from("%PDF-1.4\n% editor's own file\n%%EOF\n");
    await writeFile(path.join(dir, "documentation/alpha.pdf"), pdf);
    await write("alpha.md", "ignored");
    const [file] = await make(["alpha"]);
    expect(Buffer.from(file?.contents ?? []).equals(pdf)).toBe(true);
  });

  test("reports every problem at once: a fake PDF, a file for no product, what a PDF cannot show", async () => {
    await write("beta.pdf", "not a pdf");
    await write("gamma.md", "## Orphan");
    await write("alpha.md", "Text\n\n![screen](shot.png)\n\n<div>raw</div>\n");
    const error = await make(["alpha", "beta"]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentErrors);
    expect((error as Error).message.split("\n").slice(1)).toEqual([
      "content/documentation/alpha.md:3: Unexpected image or HTML, expected markdown text",
      "content/documentation/alpha.md:5: Unexpected image or HTML, expected markdown text",
      "content/documentation/beta.pdf: Expected a PDF file; export it as PDF again",
      'content/documentation/gamma.md: Unknown product "gamma"; expected one of alpha, beta',
    ]);
  });
});
