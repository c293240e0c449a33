import { describe, expect, test } from "vitest";
import type { ContentIssue } from "../../../build/errors.ts";
import { parseMarkdownFile, type RawContent } from "../../../build/load-content.ts";
import { renderBodies } from "../../../build/markdown-bodies.ts";
import type { RenderedMarkdown } from "../../../build/markdown.ts";

const post = (text: string) => parseMarkdownFile("content/blog/post.md", text, [] as ContentIssue[]);
const content = (posts: RawContent["posts"]) => ({ posts, pages: [] }) as unknown as RawContent;

describe("renderBodies", () => {
  test("gives an article the links and images of its body at their lines in the file, front matter counted", async () => {
    const text =
      "---\ntitle: Hello\n---\n\nSee [contact](/contact).\n\n![chart](/images/blog/chart.svg)\n\n[ref]: /faq\n";
    const { raw } = await renderBodies(content([post(text)]));
    expect(raw.posts[0]?.references).toEqual([
      { kind: "link", url: "/contact", line: 5 },
      { kind: "image", url: "/images/blog/chart.svg", line: 7 },
      { kind: "link", url: "/faq", line: 9 },
    ]);
  });

  test("renders each body once: the compile step gets the same render back", async () => {
    const calls: string[] = [];
    const render = async (markdown: string, file: string): Promise<RenderedMarkdown> => {
      calls.push(file);
      return { html: `<p>${markdown}</p>`, headings: [], text: markdown, references: [], rawHtml: [] };
    };
    const bodies = await renderBodies(content([post("---\ntitle: A\n---\nBody\n")]), render);
    const again = await bodies.render("Body\n", "content/blog/post.md");
    expect(again.html).toBe("<p>Body\n</p>");
    expect(calls).toEqual(["content/blog/post.md"]);
  });

  test("leaves a file without a body (front matter not closed) as it was", async () => {
    const broken = post("---\ntitle: A\n");
    const { raw } = await renderBodies(content([broken]));
    expect(raw.posts[0]).toBe(broken);
  });
});
