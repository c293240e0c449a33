import { beforeAll, describe, expect, test } from "vitest";
import { readSiteContent } from "../../../build/read-content.ts";
import { buildSearchIndex, htmlSections, htmlText, searchDocuments } from "../../../build/plugins/search-index.ts";
import type { SiteContent } from "../../../src/lib/content.ts";
import { decodeSearchIndex, faqAnswerIds, type SearchDocument } from "../../../src/lib/search.ts";

describe("htmlText", () => {
  test("should drop tags, joining words split by inline markup and separating blocks", () => {
    expect(htmlText("<p>Full <strong>re</strong>fund</p><ul><li>one</li><li>two</li></ul>")).toBe(
      "Full refund one two",
    );
  });

  test("should decode the character references our markdown pipeline writes", () => {
    expect(htmlText("<p>R&#x26;D &#x3C;b> &amp; &lt;i&gt; caf&#233; &quot;q&quot;&nbsp;x</p>")).toBe(
      'R&D <b> & <i> café "q" x',
    );
  });

  test("should leave an unknown named reference as written, and read a code point out of range as a browser does", () => {
    expect(htmlText("<p>&bogus; &#xFFFFFFF;</p>")).toBe("&bogus; \uFFFD");
  });

  test("should skip script and style contents", () => {
    expect(htmlText("<p>a</p><script>alert(1)</script><style>p{}</style><p>b</p>")).toBe("a b");
  });
});

describe("htmlSections", () => {
  test("should split at h2 and h3 headings with ids, keeping each heading's anchor and the text before the first", () => {
    const html =
      '<p>Intro.</p><h2 id="scope">1. Scope</h2><p>What it covers.</p><h3 id="who">Who</h3><p>You.</p><h2>No id</h2><p>Tail.</p>';
    expect(htmlSections(html)).toEqual([
      { text: "Intro." },
      { id: "scope", heading: "1. Scope", text: "What it covers." },
      { id: "who", heading: "Who", text: "You. No id Tail." },
    ]);
  });

  test("should leave out an empty opening", () => {
    expect(htmlSections('<h2 id="a">A</h2><p>x</p>')).toEqual([{ id: "a", heading: "A", text: "x" }]);
  });
});

describe("searchDocuments", () => {
  let content: SiteContent;
  let documents: SearchDocument[];
  beforeAll(async () => {
    content = await readSiteContent();
    documents = searchDocuments(content);
  });

  test("should index every product, FAQ answer, policy page, article and the about page", () => {
    const pathsOf = (kind: string) => new Set(documents.filter((d) => d.kind === kind).map((d) => d.url.split("#")[0]));
    expect(pathsOf("product")).toEqual(new Set(content.products.map((p) => `/products/${p.id}`)));
    expect(documents.filter((d) => d.kind === "faq")).toHaveLength(
      content.faq.categories.flatMap((c) => c.questions).length,
    );
    expect(pathsOf("policy")).toEqual(new Set(content.pages.map((p) => `/${p.name}`)));
    expect(pathsOf("article")).toEqual(new Set(content.posts.map((p) => `/blog/${p.slug}`)));
    expect(pathsOf("page")).toEqual(new Set(["/about"]));
  });

  test("should link each FAQ answer by the anchor the FAQ page gives it", () => {
    const ids = faqAnswerIds(content.faq.categories).flat();
    expect(documents.filter((d) => d.kind === "faq").map((d) => d.url)).toEqual(ids.map((id) => `/faq#${id}`));
    expect(new Set(ids).size).toBe(ids.length);
  });

  test("should link each policy section by its heading's anchor", () => {
    const expected = content.pages.flatMap((page) => page.headings.map((h) => `/${page.name}#${h.id}`));
    const linked = documents.filter((d) => d.kind === "policy" && d.url.includes("#")).map((d) => d.url);
    expect(linked).toEqual(expected);
  });

  test("should keep documents of one kind together, in the order products, FAQ, policies, articles, about", () => {
    const runs = documents.map((d) => d.kind).filter((kind, i, all) => kind !== all[i - 1]);
    expect(runs).toEqual(["product", "faq", "policy", "article", "page"]);
  });

  test("should hold plain text only: no tags, no character references, and the policies' placeholders filled", () => {
    const marked = documents.filter((d) =>
      /<\/?[a-z][^>]*>|&(#x?[0-9a-f]+|[a-z]+);/i.test(`${d.title} ${d.section ?? ""} ${d.text}`),
    );
    expect(marked.map((d) => d.url)).toEqual([]);
    // Articles may quote {{1}} (a WhatsApp template variable); policies quote site facts through placeholders.
    expect(documents.filter((d) => d.kind === "policy" && d.text.includes("{{")).map((d) => d.url)).toEqual([]);
  });

  test("should find the refund policy's eligibility rules in its own section", () => {
    const refund = documents.filter((d) => d.kind === "policy" && d.url.startsWith("/refund#"));
    expect(refund.some((d) => /team assignment/i.test(d.text))).toBe(true);
  });
});

describe("buildSearchIndex", () => {
  test("should write /search-index.json, which decodes to the same documents", async () => {
    const content = await readSiteContent();
    const { file, documents } = buildSearchIndex(content);
    expect(file.path).toBe("search-index.json");
    const decoded = decodeSearchIndex(JSON.parse(Buffer.from(file.contents).toString("utf8")));
    expect(decoded).toEqual(searchDocuments(content));
    expect(documents).toBe(decoded.length);
  });
});

describe("searchDocuments after an edit", () => {
  test("finds a section added to an article at its anchor", async () => {
    const content = await readSiteContent();
    const [post, ...rest] = content.posts;
    if (!post) throw new Error("no posts");
    const edited = {
      ...content,
      posts: [{ ...post, html: `${post.html}<h2 id="new-part">New part</h2><p>Fresh words</p>` }, ...rest],
    };
    expect(searchDocuments(edited).some((doc) => doc.url.endsWith("#new-part"))).toBe(true);
  });
});
