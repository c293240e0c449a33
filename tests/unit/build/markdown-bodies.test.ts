import { describe, expect, test } from "vitest";
import type { ContentIssue } from "../../../build/errors.ts";
import { parseMarkdownFile, type RawContent } from "../../../build/load-content.ts";
import { renderBodies } from "../../../build/markdown-bodies.ts";

const post = (text: string) => parseMarkdownFile("content/blog/post.md", text, [] as ContentIssue[]);
const content = (posts: RawContent["posts"]) => ({ posts, pages: [] }) as unknown as RawContent;

describe("renderBodies", () => {
  test("gives an article its render, and the links and images of its body at their lines in the file, front matter counted", async () => {
    const text =
      "---\ntitle: Hello\n---\n\nSee [contact](/contact).\n\n![chart](/images/blog/chart.svg)\n\n[ref]: /faq\n";
    const [rendered] = (await renderBodies(content([post(text)]))).posts;
    expect(rendered?.references).toEqual([
      { kind: "link", url: "/contact", line: 5 },
      { kind: "image", url: "/images/blog/chart.svg", line: 7, alt: "chart" },
      { kind: "link", url: "/faq", line: 9 },
    ]);
    expect(rendered?.rendered?.html).toContain('<a href="/contact">contact</a>');
  });

  test("leaves a file without a body (front matter not closed) as it was", async () => {
    const broken = post("---\ntitle: A\n");
    expect((await renderBodies(content([broken]))).posts[0]).toBe(broken);
  });
});
