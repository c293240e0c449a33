import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import remarkBreaks from "remark-breaks";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { describe, expect, test } from "vitest";
import type { ContentIssue } from "../../../build/errors.ts";
import { parseMarkdownFile } from "../../../build/load-content.ts";
import { afterParse, renderMarkdown } from "../../../build/markdown.ts";

/**
 * The build parses markdown with markdown-it (build/markdown/markdown-it-parse.ts) for speed; remark-parse with
 * remark-gfm and remark-breaks is the reference it must match, tree for tree, so every page renders exactly as before
 * the switch.
 */
const reference = unified().use(remarkParse).use(remarkGfm).use(remarkBreaks).use(afterParse);
const root = path.resolve(import.meta.dirname, "../../..");
const markdownFiles = (dir: string) =>
  readdirSync(path.join(root, dir))
    .filter((name) => name.endsWith(".md"))
    .map((name) => path.join(dir, name));
const body = (file: string) => {
  const text = readFileSync(path.join(root, file), "utf8");
  return file.startsWith("content/") ? (parseMarkdownFile(file, text, [] as ContentIssue[]).body ?? "") : text;
};

describe("the markdown parser matches remark-parse with remark-gfm and remark-breaks", () => {
  const files = [...markdownFiles("content/blog"), ...markdownFiles("content/pages"), ...markdownFiles("tests/fixtures/markdown")];

  test.each(files)("%s renders to the same HTML, headings and link lines", async (file) => {
    const markdown = body(file);
    expect(markdown.length).toBeGreaterThan(100);
    expect(await renderMarkdown(markdown, file)).toEqual(await renderMarkdown(markdown, file, reference));
  });

  test.each([
    ["Windows line endings", "First line\r\nsecond line\r\n\r\n- one\r\n- two\r\n\r\n| a | b |\r\n|---|---|\r\n| 1 | [x](/faq) |\r\n"],
    ["a task list", "- [ ] open\n- [x] done\n- [X] done too\n- [x]\n- [ ]not a task\n- [x]\n  the marker alone on its line\n"],
    ["footnotes whose labels differ in case", "Text[^Note] and again[^note] and none[^missing].\n\n[^NOTE]: The note, with [a link](/privacy).\n"],
    ["autolink literals", "https://example.org/a, www.example.com/b. and mail@example.org; not example.com, ftp://x.example or //cdn.example.\n"],
    ["reference links and images", "[one][a] and [two] and ![pic][img]\n\n[a]: /about 'About'\n[two]: https://example.org\n[img]: /images/x.svg\n"],
    ["links on later lines of a paragraph", "first line\nsecond [b](/b)\nthird ![c](/c.svg) and `code\nspan` then [d](/d)\n"],
  ])("%s", async (_name, markdown) => {
    expect(await renderMarkdown(markdown, "post.md")).toEqual(await renderMarkdown(markdown, "post.md", reference));
  });
});

describe("what the markdown parser gives the page", () => {
  test("a task list, with GitHub's checkbox markup", async () => {
    const { html } = await renderMarkdown("- [x] shipped\n- [ ] next\n", "post.md");
    expect(html).toContain('<li class="task-list-item"><input type="checkbox" checked disabled> shipped</li>');
  });

  test("footnotes at the foot of the article, numbered by first use", async () => {
    const { html } = await renderMarkdown("Claim[^b] and another[^a].\n\n[^a]: First defined.\n[^b]: Second defined.\n", "post.md");
    expect(html).toContain('<sup><a href="#user-content-fn-b"');
    expect(html.indexOf("Second defined")).toBeLessThan(html.indexOf("First defined"));
  });

  test("links to addresses written out with a scheme or www., and e-mail addresses; a bare domain stays text", async () => {
    const { html } = await renderMarkdown("See www.example.com, https://example.org and hi@example.net, not example.io.", "post.md");
    expect(html).toContain('<a href="http://www.example.com"');
    expect(html).toContain('<a href="https://example.org"');
    expect(html).toContain('<a href="mailto:hi@example.net">hi@example.net</a>');
    expect(html).toContain("not example.io.");
  });

  test("records every link at the line it is written on, and a reference link at its definition", async () => {
    const markdown = "Intro [a](/a)\nmore text [b](/b)\n\n| x | y |\n|---|---|\n| [c](/c) | y |\n\nUses [ref].\n\n[ref]: /ref\n";
    const { references } = await renderMarkdown(markdown, "post.md");
    expect(references).toEqual([
      { kind: "link", url: "/a", line: 1 },
      { kind: "link", url: "/b", line: 2 },
      { kind: "link", url: "/c", line: 6 },
      { kind: "link", url: "/ref", line: 10 },
    ]);
  });
});
