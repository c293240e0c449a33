import { describe, expect, test } from "vitest";
import { renderMarkdown } from "../../../build/markdown.ts";

/** GitHub's markdown extensions as the build renders them (remark-gfm and remark-breaks in build/markdown.ts). */
describe("what the markdown parser gives the page", () => {
  test("a task list, with GitHub's checkbox markup", async () => {
    const { html } = await renderMarkdown("- [x] shipped\n- [ ] next\n", "post.md");
    expect(html).toContain('<li class="task-list-item"><input type="checkbox" checked disabled> shipped</li>');
  });

  test("footnotes at the foot of the article, numbered by first use", async () => {
    const { html } = await renderMarkdown(
      "Claim[^b] and another[^a].\n\n[^a]: First defined.\n[^b]: Second defined.\n",
      "post.md",
    );
    expect(html).toContain('<sup><a href="#user-content-fn-b"');
    expect(html.indexOf("Second defined")).toBeLessThan(html.indexOf("First defined"));
  });

  test("links to addresses written out with a scheme or www., and e-mail addresses; a bare domain stays text", async () => {
    const { html } = await renderMarkdown(
      "See www.example.com, https://example.org and hi@example.net, not example.io.",
      "post.md",
    );
    expect(html).toContain('<a href="http://www.example.com"');
    expect(html).toContain('<a href="https://example.org"');
    expect(html).toContain('<a href="mailto:hi@example.net">hi@example.net</a>');
    expect(html).toContain("not example.io.");
  });

  test("records every link at the line it is written on, and a reference link at its definition", async () => {
    const markdown =
      "Intro [a](/a)\nmore text [b](/b)\n\n| x | y |\n|---|---|\n| [c](/c) | y |\n\nUses [ref].\n\n[ref]: /ref\n";
    const { references } = await renderMarkdown(markdown, "post.md");
    expect(references).toEqual([
      { kind: "link", url: "/a", line: 1 },
      { kind: "link", url: "/b", line: 2 },
      { kind: "link", url: "/c", line: 6 },
      { kind: "link", url: "/ref", line: 10 },
    ]);
  });
});
