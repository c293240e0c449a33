import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, test } from "vitest";
import type { ContentIssue } from "../../../build/errors.ts";
import { formatIssue } from "../../../build/errors.ts";
import { loadContent, parseMarkdownFile } from "../../../build/load-content.ts";
import { contentWith } from "../../fixtures/content.ts";

describe("loadContent", () => {
  test("errors for every file and folder the loader would skip, naming what it expects; hidden files are left alone", async () => {
    const fixture = await contentWith();
    try {
      await writeFile(path.join(fixture.dir, "products/nova.yml"), "id: nova\n");
      await writeFile(path.join(fixture.dir, "pages/refund-v2.markdown"), "---\ntitle: x\n---\n");
      await writeFile(path.join(fixture.dir, "documentation/esim.docx"), "");
      await writeFile(path.join(fixture.dir, "faq.yml"), "categories: []\n");
      await mkdir(path.join(fixture.dir, "products/old"));
      await writeFile(path.join(fixture.dir, "blog/.DS_Store"), "");
      const raw = await loadContent(fixture.dir);
      expect(raw.issues.map(formatIssue).sort()).toEqual(
        [
          "content/products/nova.yml: Ignored file: products are read from .yaml files only; rename it to nova.yaml",
          "content/pages/refund-v2.markdown: Ignored file: policy pages are read from .md files only; rename it to refund-v2.md",
          "content/documentation/esim.docx: Ignored file: product manuals are read from .md or .pdf files only; rename it to esim.md",
          "content/faq.yml: Ignored file: expected the extension .yaml; rename it to faq.yaml",
          "content/products/old: Ignored folder: products are read from content/products/ itself, not from subfolders; move its files up",
        ].sort(),
      );
      expect(raw.products.map((p) => p.name)).not.toContain("nova");
    } finally {
      await fixture.cleanup();
    }
  });
});

describe("parseMarkdownFile", () => {
  const parse = (text: string) => {
    const issues: ContentIssue[] = [];
    const source = parseMarkdownFile("content/blog/post.md", text, issues);
    return { source, issues: issues.map(formatIssue) };
  };

  test("reads front matter and body, and gives fields their line in the file", () => {
    const { source, issues } = parse("---\ntitle: Hello\ndate: 2025-01-02\n---\n\nBody with [a link](/contact).\n");
    expect(issues).toEqual([]);
    expect(source.data).toEqual({ title: "Hello", date: "2025-01-02" });
    expect(source.lineOf(["date"])).toBe(3);
    expect(source.body).toBe("\nBody with [a link](/contact).\n");
    expect(source.bodyLine).toBe(4);
  });

  test("keeps dates as written, so the schema checks the text the editor typed", () => {
    expect(parse("---\ndate: 2025-02-30\n---\n").source.data).toEqual({ date: "2025-02-30" });
  });

  test("reports a YAML mistake with the file's line and no stack trace", () => {
    expect(parse("---\ntitle: Hello\nauthor:\n  name: A\n bio: B\n---\nBody\n").issues).toEqual([
      "content/blog/post.md:5: YAML syntax: All mapping items must start at the same column",
    ]);
  });

  test("asks for front matter when the file has none, or when it is not closed", () => {
    expect(parse("# Just a heading\n").issues).toEqual([
      'content/blog/post.md:1: Expected front matter: start the file with a line "---", then the fields, then a line "---"',
    ]);
    expect(parse("---\ntitle: Hello\n").issues).toEqual([
      'content/blog/post.md:1: Front matter is not closed: add a line "---" after its last field',
    ]);
  });

  test("accepts Windows line endings", () => {
    const { source, issues } = parse("---\r\ntitle: Hello\r\n---\r\nBody\r\n");
    expect(issues).toEqual([]);
    expect(source.data).toEqual({ title: "Hello" });
  });
});
