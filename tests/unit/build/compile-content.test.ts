import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BuildCache } from "../../../build/cache.ts";
import { compileContent } from "../../../build/compile-content.ts";
import { BuildError } from "../../../build/errors.ts";
import { readImageFacts } from "../../../build/images/facts.ts";
import { loadContent } from "../../../build/load-content.ts";
import { renderBodies } from "../../../build/markdown-bodies.ts";
import { validate } from "../../../build/read-content.ts";
import type { ValidContent } from "../../../build/validate-content.ts";
import { contentWith, WARM_CACHE } from "../../fixtures/content.ts";

/**
 * The draft gate, in memory: the real content with tests/fixtures/drafts laid over it (a draft post with a photo cover
 * linking to the scheduled one, a post dated 2027-05-01 with its own cover, a draft product, a draft portfolio project),
 * validated once; each case compiles it as production or `npm run dev` would at a given moment. Site time zone:
 * Asia/Kolkata. tests/integration/drafts.test.ts checks the same through whole builds.
 */
const BEFORE = new Date("2026-11-25T12:00:00Z");
/** Midnight of 2027-05-01 in Kolkata (UTC+05:30), and the minute before it. */
const PUBLISH_DAY = new Date("2027-04-30T18:30:00Z");
const EVE = new Date("2027-04-30T18:29:00Z");

const DRAFT_POST = "orchid-pricing-notes";
const SCHEDULED_POST = "saffronette-launch";
const DRAFT_COVER = "/images/blog/orchidwave-cover.jpg";

let valid: ValidContent;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  const content = await contentWith("drafts");
  cleanup = content.cleanup;
  const raw = await renderBodies(await loadContent(content.dir));
  const facts = await readImageFacts(content.dir, raw.images, new BuildCache({ rootDir: path.dirname(WARM_CACHE) }));
  valid = await validate(raw, facts, { drafts: false, now: BEFORE });
});
afterAll(() => cleanup());

const production = (now: Date) => compileContent(valid, { drafts: false, now });
const dev = (now: Date) => compileContent(valid, { drafts: true, now });
const slugs = (posts: readonly { slug: string }[]) => posts.map((post) => post.slug);

describe("compiling content for the pages: drafts and scheduled posts", () => {
  test("production leaves drafts and a post dated later out of every list, and names each page it holds back", () => {
    const { content, unpublished } = production(BEFORE);
    expect(slugs(content.posts)).not.toContain(DRAFT_POST);
    expect(slugs(content.posts)).not.toContain(SCHEDULED_POST);
    expect(content.products.map((product) => product.id)).not.toContain("quokkapay");
    expect(content.portfolio.map((project) => project.id)).not.toContain("marmotline-tracking");
    // A portfolio project has no page of its own: nothing for a link to reach.
    expect(unpublished).toEqual([
      { path: `/blog/${DRAFT_POST}`, file: `content/blog/${DRAFT_POST}.md`, reason: { kind: "draft" } },
      {
        path: `/blog/${SCHEDULED_POST}`,
        file: `content/blog/${SCHEDULED_POST}.md`,
        reason: { kind: "scheduled", date: "2027-05-01" },
      },
      { path: "/products/quokkapay", file: "content/products/quokkapay.yaml", reason: { kind: "draft" } },
    ]);
  });

  test("npm run dev keeps them, each marked with why it is not published", () => {
    const { content, unpublished } = dev(BEFORE);
    const post = (slug: string) => content.posts.find((entry) => entry.slug === slug);
    expect(post(DRAFT_POST)?.unpublished).toEqual({ kind: "draft" });
    expect(post(SCHEDULED_POST)?.unpublished).toEqual({ kind: "scheduled", date: "2027-05-01" });
    expect(content.products.find((product) => product.id === "quokkapay")?.unpublished).toEqual({ kind: "draft" });
    expect(content.portfolio.find((project) => project.id === "marmotline-tracking")?.unpublished).toEqual({
      kind: "draft",
    });
    expect(post("saas-script-server-checklist")?.unpublished).toBeUndefined();
    expect(unpublished).toHaveLength(3);
    expect(content.images?.[DRAFT_COVER]).toBeDefined();
  });

  test("a scheduled post is published from midnight of its date in the site's time zone, not a minute before", () => {
    expect(slugs(production(EVE).content.posts)).not.toContain(SCHEDULED_POST);
    const { content, unpublished } = production(PUBLISH_DAY);
    expect(slugs(content.posts)).toContain(SCHEDULED_POST);
    expect(unpublished.map((page) => page.path)).toEqual([`/blog/${DRAFT_POST}`, "/products/quokkapay"]);
  });

  test("a scheduled post's links are checked in every build, a draft's only where it is built", () => {
    const from = (links: readonly { from: string }[]) => new Set(links.map((link) => link.from));
    expect(from(production(BEFORE).links)).toContain(`/blog/${SCHEDULED_POST}`);
    expect(from(production(BEFORE).links)).not.toContain(`/blog/${DRAFT_POST}`);
    const draftLinks = dev(BEFORE).links.filter((link) => link.from === `/blog/${DRAFT_POST}`);
    expect(draftLinks).toContainEqual(
      expect.objectContaining({ file: `content/blog/${DRAFT_POST}.md`, url: `/blog/${SCHEDULED_POST}` }),
    );
  });

  test("a draft's cover is withheld from a production build's images, and published with its post", () => {
    const held = production(BEFORE);
    expect(held.withheldImages).toEqual(new Set([DRAFT_COVER, "/images/blog/saffronette-cover.svg"]));
    expect(held.content.images?.[DRAFT_COVER]).toBeUndefined();
    // Every other image stays sized and published.
    expect(Object.keys(held.content.images ?? {})).toEqual(Object.keys(valid.images).filter((i) => i !== DRAFT_COVER));
    expect(dev(BEFORE).withheldImages).toEqual(new Set());
    expect(production(PUBLISH_DAY).withheldImages).toEqual(new Set([DRAFT_COVER]));
  });
});

describe("compiling content for the pages: what each page reads", () => {
  test("articles newest first (same day: by slug), each with its body, its pictures and its reading time", () => {
    const { posts } = production(BEFORE).content;
    const order = [...posts].sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
    expect(slugs(posts)).toEqual(slugs(order));
    for (const post of posts) {
      expect(post.html.length).toBeGreaterThan(0);
      expect(post.readingMinutes).toBeGreaterThanOrEqual(1);
    }
  });

  test("policy pages carry their name, body and headings; a project without a picture gets its drawn artwork", () => {
    const { pages, portfolio } = production(BEFORE).content;
    const privacy = pages.find((page) => page.name === "privacy");
    expect(privacy?.html).toContain("<h2");
    expect(privacy?.headings.length).toBeGreaterThan(0);
    const drawn = valid.portfolio.find((project) => !project.image);
    if (!drawn) throw new Error("every project of content/ names a picture: this case needs one that does not");
    expect(portfolio.find((project) => project.id === drawn.id)?.image).toBe(`/images/portfolio/drawn/${drawn.id}.svg`);
  });

  test("the single files read the site's facts where they quote them, and no placeholder is left", () => {
    const { faq } = production(BEFORE).content;
    expect(JSON.stringify(faq)).not.toMatch(/\{\{[^}]*\}\}/);
    expect(JSON.stringify(valid.faq)).toMatch(/\{\{[^}]*\}\}/);
  });

  test("a body that reached compile without its render is a build error naming the file", () => {
    const [post] = valid.posts;
    if (!post) throw new Error("content/ has no article");
    const broken = { ...valid, posts: [{ ...post, source: { ...post.source, rendered: undefined } }] };
    expect(() => compileContent(broken, { drafts: false, now: BEFORE })).toThrow(BuildError);
    expect(() => compileContent(broken, { drafts: false, now: BEFORE })).toThrow(post.source.file);
  });
});
