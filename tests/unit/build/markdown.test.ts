import { describe, expect, test } from "vitest";
import { renderMarkdown } from "../../../build/markdown.ts";

const TABLE = "| a | b | c | d |\n| :--- | :---: | ---: | --- |\n| 1 | 2 | 3 | 4 |";

/** What an article's markdown becomes on the page (build/markdown.ts: GitHub's extensions, our plugins, sanitize). */
describe("renderMarkdown", () => {
  test.each([
    {
      what: "raw HTML and scripts an editor might paste are removed",
      markdown: 'Hello <script>alert(1)</script><img src=x onerror="alert(1)"> [click](javascript:alert(1))',
      has: [],
      hasNot: ["<script", "onerror", "javascript:"],
    },
    { what: "single line breaks become <br>", markdown: "line one\nline two", has: ["line one<br>"], hasNot: [] },
    {
      what: "external links open in a new tab without an opener, site links stay",
      markdown: "[ext](https://example.org) and [int](/contact)",
      has: ['<a href="https://example.org" rel="noopener noreferrer" target="_blank">ext</a>', '<a href="/contact">'],
      hasNot: [],
    },
    {
      what: "a code block is a named keyboard stop, so its long lines scroll without a mouse",
      markdown: "```sh\ncurl https://example.org\n```",
      has: ['<pre tabindex="0" role="group" aria-label="Code example"><code class="language-sh">'],
      hasNot: [],
    },
    {
      what: "a table is a named keyboard stop that scrolls sideways, its columns aligned by class",
      markdown: TABLE,
      has: [
        '<div class="table-scroll" tabindex="0" role="group" aria-label="Table"><table>',
        "</table></div>",
        '<th class="align-left">a</th>\n<th class="align-center">b</th>\n<th class="align-right">c</th>\n<th>d</th>',
        '<td class="align-left">1</td>\n<td class="align-center">2</td>\n<td class="align-right">3</td>\n<td>4</td>',
      ],
      hasNot: ["align="],
    },
    {
      what: "a task list has GitHub's checkbox markup",
      markdown: "- [x] shipped\n- [ ] next\n",
      has: ['<li class="task-list-item"><input type="checkbox" checked disabled> shipped</li>'],
      hasNot: [],
    },
    {
      what: "addresses with a scheme or www. and e-mail addresses are links; a bare domain stays text",
      markdown: "See www.example.com, https://example.org and hi@example.net, not example.io.",
      has: [
        '<a href="http://www.example.com"',
        '<a href="https://example.org"',
        '<a href="mailto:hi@example.net">hi@example.net</a>',
        "not example.io.",
      ],
      hasNot: [],
    },
  ])("$what", async ({ markdown, has, hasNot }) => {
    const { html } = await renderMarkdown(markdown, "post.md");
    for (const text of has) expect(html).toContain(text);
    for (const text of hasNot) expect(html).not.toContain(text);
  });

  test("footnotes go to the foot of the article, numbered by first use", async () => {
    const { html } = await renderMarkdown("Claim[^b] and another[^a].\n\n[^a]: First.\n[^b]: Second.\n", "post.md");
    expect(html).toContain('<sup><a href="#user-content-fn-b"');
    expect(html.indexOf("Second.")).toBeLessThan(html.indexOf("First."));
  });

  test("h2 and h3 get stable ids, listed for a table of contents", async () => {
    const { html, headings } = await renderMarkdown("## Refund Rules\n\n### 90% Refund\n\n## Refund Rules", "r.md");
    expect(headings).toEqual([
      { id: "refund-rules", text: "Refund Rules", depth: 2 },
      { id: "90-refund", text: "90% Refund", depth: 3 },
      { id: "refund-rules-2", text: "Refund Rules", depth: 2 },
    ]);
    expect(html).toContain('<h2 id="refund-rules">');
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
