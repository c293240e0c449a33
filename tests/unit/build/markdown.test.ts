import { describe, expect, test } from "vitest";
import { renderMarkdown } from "../../../build/markdown.ts";

describe("renderMarkdown", () => {
  test("removes raw HTML and scripts an editor might paste", async () => {
    const { html } = await renderMarkdown('Hello <script>alert(1)</script><img src=x onerror="alert(1)">', "post.md");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("onerror");
  });

  test("drops javascript: links", async () => {
    const { html } = await renderMarkdown("[click](javascript:alert(1))", "post.md");
    expect(html).not.toContain("javascript:");
  });

  test("turns single line breaks into <br>", async () => {
    const { html } = await renderMarkdown("line one\nline two", "post.md");
    expect(html).toContain("line one<br>");
  });

  test("opens external links in a new tab without an opener, leaves site links alone", async () => {
    const { html } = await renderMarkdown("[ext](https://example.org) and [int](/contact)", "post.md");
    expect(html).toContain('<a href="https://example.org" rel="noopener noreferrer" target="_blank">ext</a>');
    expect(html).toContain('<a href="/contact">int</a>');
  });

  test("gives h2 and h3 stable ids and lists them for a table of contents", async () => {
    const { html, headings } = await renderMarkdown(
      "## Refund Rules\n\n### 90% Refund\n\n## Refund Rules",
      "refund.md",
    );
    expect(headings).toEqual([
      { id: "refund-rules", text: "Refund Rules", depth: 2 },
      { id: "90-refund", text: "90% Refund", depth: 3 },
      { id: "refund-rules-2", text: "Refund Rules", depth: 2 },
    ]);
    expect(html).toContain('<h2 id="refund-rules">');
  });

  test("renders GitHub tables, each in a named keyboard stop that scrolls it sideways on a narrow screen", async () => {
    const { html } = await renderMarkdown("| a | b |\n|---|---|\n| 1 | 2 |", "post.md");
    expect(html).toMatch(
      /^<div class="table-scroll" tabindex="0" role="group" aria-label="Table"><table>[\s\S]*<\/table><\/div>$/,
    );
  });

  test("makes a code block a named keyboard stop, so a reader can scroll its long lines without a mouse", async () => {
    const { html } = await renderMarkdown("```sh\ncurl https://example.org\n```", "post.md");
    expect(html).toContain('<pre tabindex="0" role="group" aria-label="Code example"><code class="language-sh">');
  });

  test("keeps a table column's alignment as written, as a class rather than the obsolete align attribute", async () => {
    const { html } = await renderMarkdown(
      "| a | b | c | d |\n| :--- | :---: | ---: | --- |\n| 1 | 2 | 3 | 4 |",
      "post.md",
    );
    expect(html).toContain(
      '<th class="align-left">a</th>\n<th class="align-center">b</th>\n<th class="align-right">c</th>\n<th>d</th>',
    );
    expect(html).toContain(
      '<td class="align-left">1</td>\n<td class="align-center">2</td>\n<td class="align-right">3</td>\n<td>4</td>',
    );
    expect(html).not.toContain("align=");
  });
});
