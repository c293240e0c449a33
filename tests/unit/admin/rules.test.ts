import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { faqIssues, issuesOf } from "../../../src/admin/rules.ts";
import { slugify } from "../../../src/lib/slug.ts";
import { splitFrontMatter } from "../../../src/admin/yaml-edit.ts";
import type { Folders, Written } from "../../../src/lib/content-rules.ts";
import { siteSchema } from "../../../src/schemas/site.ts";
import { collectionEntries } from "../../../src/schemas/collections.ts";
import { routeShapes } from "../../../build/routes.ts";
import type { AdminLinks } from "../../../src/admin/config.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const site = siteSchema.parse(parse(readFileSync(path.join(ROOT, "content/site.yaml"), "utf8")));
const NOW = new Date("2026-11-27T12:00:00Z");
/** The site's addresses as the build gives them to /admin: the pages of src/pages (those of content come from saved). */
const shapes = await routeShapes(path.join(ROOT, "src/pages"));
const LINKS: AdminLinks = {
  pages: shapes.fixed,
  patterns: shapes.patterns,
  templates: Object.fromEntries(
    collectionEntries().flatMap(([name, entry]) => (entry.kind === "folder" && entry.page ? [[name, entry.page]] : [])),
  ),
};

/** The folders as /admin reads them through the backend: each file's path, name and fields. */
function folder(name: string): Written[] {
  return readdirSync(path.join(ROOT, "content", name)).map((file) => {
    const text = readFileSync(path.join(ROOT, "content", name, file), "utf8");
    const data = parse(file.endsWith(".md") ? splitFrontMatter(text).yaml : text) as Record<string, unknown>;
    return { file: `content/${name}/${file}`, name: file.replace(/\.[^.]+$/, ""), data };
  });
}
const saved: Folders = { products: folder("products"), portfolio: folder("portfolio"), posts: folder("blog") };
const post = (name: string) => {
  const found = saved.posts.find((p) => p.name === name);
  if (!found) throw new Error(name);
  return { ...(found.data as Record<string, unknown>) };
};

describe("the build's rules in /admin, on the entry being edited", () => {
  it("refuse a new article with another's slug, on the slug and on the id made from it, in the build's words", () => {
    const data = { ...post("quick-commerce-unit-economics"), id: "", featured: false, body: "Text" };
    const issues = issuesOf({ collection: "posts", path: "", data }, saved, site, LINKS, NOW);
    expect(issues.get("slug")).toEqual([
      'Duplicate slug "quick-commerce-unit-economics": content/blog/quick-commerce-unit-economics.md uses it already; give each file its own slug',
    ]);
    expect(issues.get("id")?.[0]).toMatch(/^Duplicate id "quick-commerce-unit-economics"/);
  });

  it("accept every saved article as it is, and a new one with a title of its own", () => {
    for (const entry of saved.posts) {
      const issues = issuesOf(
        { collection: "posts", path: entry.file, data: entry.data as never },
        saved,
        site,
        LINKS,
        NOW,
      );
      expect([...issues], entry.file).toEqual([]);
    }
    const data = { ...post("quick-commerce-unit-economics"), id: "", slug: "", title: "A New Title", featured: false };
    expect([...issuesOf({ collection: "posts", path: "", data }, saved, site, LINKS, NOW)]).toEqual([]);
    expect(slugify("Ça marche: 5 Lessons!")).toBe("ca-marche-5-lessons");
  });

  it("refuse unfeaturing one of the four featured articles, a mistyped year and a day not in the calendar", () => {
    const featured = saved.posts.find((p) => (p.data as { featured?: boolean }).featured);
    if (!featured) throw new Error("no featured post");
    const edit = (change: Record<string, unknown>) =>
      issuesOf(
        { collection: "posts", path: featured.file, data: { ...(featured.data as object), ...change } },
        saved,
        site,
        LINKS,
        NOW,
      );
    expect(edit({ featured: false }).get("featured")?.[0]).toMatch(
      /^The home page shows 4 featured posts, found 3; set featured: true on 1 more$/,
    );
    expect(edit({ date: "1905-11-27" }).get("date")?.[0]).toMatch(/^date 1905-11-27 is before 2016/);
    expect(edit({ date: "2025-02-30" }).get("date")).toEqual([expect.stringMatching(/February 2025 has 28 days/)]);
  });

  it("refuse a project naming a product that does not exist", () => {
    const project = saved.portfolio[0];
    if (!project) throw new Error("no project");
    const data = { ...(project.data as object), productId: "no-such-product" };
    const issues = issuesOf({ collection: "portfolio", path: project.file, data }, saved, site, LINKS, NOW);
    expect(issues.get("productId")?.[0]).toMatch(/^Unknown product "no-such-product"; expected one of /);
  });

  it("refuse a body link to no page, naming the page meant, and take links to pages and saved articles", () => {
    const data = {
      ...post("quick-commerce-unit-economics"),
      body: "Ask [us](/contcat), read [the FAQ](/faq) or [an article](/blog/quick-commerce-unit-economics).\n\n[x]: /prodcts",
    };
    const issues = issuesOf({ collection: "posts", path: "", data: { ...data, slug: "new" } }, saved, site, LINKS, NOW);
    expect(issues.get("body")).toEqual([
      "No page or file at /contcat; did you mean /contact?",
      "No page or file at /prodcts; did you mean /products?",
    ]);
  });

  it("refuse an FAQ asking a question twice, as a reader sees it, and not one half-written", () => {
    const faq = parse(readFileSync(path.join(ROOT, "content/faq.yaml"), "utf8")) as {
      categories: { questions: { q: string }[] }[];
    };
    expect([...faqIssues(faq)]).toEqual([]);
    const [first, second] = faq.categories;
    if (!first?.questions[0] || !second) throw new Error("the FAQ has fewer than two categories");
    second.questions.push({ q: `  ${first.questions[0].q.toUpperCase()} ` }, { q: "" }, { q: "" });
    // Told on the second asking's own field, where the editor fixes it.
    expect([...faqIssues(faq).keys()]).toEqual([`categories[1].questions[${second.questions.length - 3}].q`]);
    expect(faqIssues(faq).get(`categories[1].questions[${second.questions.length - 3}].q`)).toEqual([
      `Duplicate question "  ${first.questions[0].q.toUpperCase()} ": categories[0].questions[0].q asks it already; remove one, or merge their answers`,
    ]);
  });
});
