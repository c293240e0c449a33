import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildCli } from "../../../build/cli.ts";
import { ContentErrors } from "../../../build/errors.ts";
import { readSiteContent } from "../../../build/read-content.ts";
import { runCli } from "../../fixtures/cli.ts";
import { contentWith, ROOT } from "../../fixtures/content.ts";

/** The editor's lines for a content folder: what `npm run build` prints under "N content errors:". */
async function errorsFor(dir: string, now?: Date): Promise<string[]> {
  try {
    await readSiteContent(dir, now && { drafts: false, now });
  } catch (error) {
    if (error instanceof ContentErrors) return error.message.split("\n").slice(1);
    throw error;
  }
  return [];
}

/** Errors after `edit` changes one file of a fresh copy of content/ (with a fixture's files laid over it). */
async function errorsAfter(
  file: string,
  edit: (text: string) => string,
  { overlay, now }: { overlay?: string; now?: Date } = {},
): Promise<string[]> {
  const fixture = await contentWith(overlay);
  try {
    const target = path.join(fixture.dir, file);
    await writeFile(target, edit(await readFile(target, "utf8")));
    return await errorsFor(fixture.dir, now);
  } finally {
    await fixture.cleanup();
  }
}

const FEATURED =
  "The home page shows 4 featured posts, found 5 (fifth-featured.md, launch-astrology-consultation-app.md, quick-commerce-unit-economics.md, whatsapp-business-api-marketing-playbook.md, white-label-vs-custom-build-cost.md); set featured: false on 1 of them";

describe("readSiteContent", () => {
  test("accepts the site's real content", async () => {
    expect(await errorsFor(path.join(ROOT, "content"))).toEqual([]);
  });

  test("derives each product's documentationUrl from its id", async () => {
    const content = await readSiteContent();
    for (const product of content.products)
      expect(product.documentationUrl).toBe(`/docs/${product.id}-documentation.pdf`);
  });

  describe("with broken files (tests/fixtures/broken)", () => {
    let fixture: Awaited<ReturnType<typeof contentWith>>;
    let errors: string[];
    beforeAll(async () => {
      fixture = await contentWith("broken");
      errors = await errorsFor(fixture.dir);
    });
    afterAll(() => fixture.cleanup());

    test("names file, line and field of a wrong type", () => {
      expect(errors).toContain("content/products/zeta.yaml:15 features[3]: Expected string, received number");
    });

    test("names file, line and field of a missing field", () => {
      expect(errors).toContain("content/products/zeta.yaml:3 tagline: Missing required field (expected string)");
    });

    test("names the portfolio project that refers to an unknown product", () => {
      expect(
        errors.find((e) =>
          e.startsWith('content/portfolio/zeta-project.yaml:11 productId: Unknown product "no-such-product"'),
        ),
      ).toBeDefined();
    });

    test("names both files of a duplicate slug and the fix", () => {
      expect(errors).toContain(
        'content/blog/zeta-duplicate.md:3 slug: Duplicate slug "quick-commerce-unit-economics": content/blog/quick-commerce-unit-economics.md uses it already; give each file its own slug',
      );
    });

    test("names a missing manual of a product whose file has other errors, in the same build", () => {
      expect(errors).toContain(
        'content/products/zeta.yaml:3 id: No documentation for "zeta": write content/documentation/zeta.md (or add content/documentation/zeta.pdf)',
      );
    });

    test("reports every problem at once", () => {
      expect(errors).toHaveLength(6);
    });
  });

  describe("with one of each editor mistake (tests/fixtures/broken-editor)", () => {
    let fixture: Awaited<ReturnType<typeof contentWith>>;
    let errors: string[];
    beforeAll(async () => {
      fixture = await contentWith("broken-editor");
      errors = await errorsFor(fixture.dir);
    });
    afterAll(() => fixture.cleanup());

    test("names a product image that is not in content/images", () => {
      expect(errors).toContain(
        "content/products/nova.yaml:18 image: File not found: content/images/products/nova.svg; add the image there or correct the path",
      );
    });

    test("names a portfolio image that is not in content/images", () => {
      expect(errors).toContain(
        "content/portfolio/missing-image.yaml:8 image: File not found: content/images/portfolio/no-such-project.svg; add the image there or correct the path",
      );
    });

    test("names an article's cover image in front matter and an image in its body, each on its own line", () => {
      expect(errors).toContain(
        "content/blog/missing-images.md:13 image: File not found: content/images/blog/no-such-cover.svg; add the image there or correct the path",
      );
      expect(errors).toContain(
        "content/blog/missing-images.md:19 image: File not found: content/images/blog/no-such-diagram.png; add the image there or correct the path",
      );
    });

    test("names a new product that has no documentation file", () => {
      expect(errors).toContain(
        'content/products/nova.yaml:2 id: No documentation for "nova": write content/documentation/nova.md (or add content/documentation/nova.pdf)',
      );
    });

    test("refuses a day the month does not have", () => {
      expect(errors).toContain(
        'content/blog/impossible-day.md:12 date: Impossible date "2025-02-30": February 2025 has 28 days',
      );
    });

    test("refuses a month after December", () => {
      expect(errors).toContain(
        'content/blog/impossible-month.md:12 date: Impossible date "2025-13-45": there is no month 13; write yyyy-mm-dd',
      );
    });

    test("names a product saved as .yml, an article saved as .markdown or .MD, and a stray file, with the name expected", () => {
      expect(errors).toContain(
        "content/products/nova-copy.yml: Ignored file: products are read from .yaml files only; rename it to nova-copy.yaml",
      );
      expect(errors).toContain(
        "content/blog/draft.markdown: Ignored file: articles are read from .md files only; rename it to draft.md",
      );
      expect(errors).toContain(
        "content/blog/notes.MD: Ignored file: articles are read from .md files only; rename it to notes.md",
      );
      expect(errors).toContain(
        "content/todo.txt: Ignored file: content/ reads only site.yaml, about.yaml, faq.yaml, testimonials.yaml, installation-packages.yaml, product-page.yaml at its top; move or delete it",
      );
    });

    test("names every featured article when more are featured than the home page shows", () => {
      expect(errors.filter((e) => e.endsWith(FEATURED))).toEqual([
        `content/blog/fifth-featured.md:14 featured: ${FEATURED}`,
        `content/blog/launch-astrology-consultation-app.md:14 featured: ${FEATURED}`,
        `content/blog/quick-commerce-unit-economics.md:15 featured: ${FEATURED}`,
        `content/blog/whatsapp-business-api-marketing-playbook.md:14 featured: ${FEATURED}`,
        `content/blog/white-label-vs-custom-build-cost.md:15 featured: ${FEATURED}`,
      ]);
    });

    test("refuses an article whose slug differs from its file name", () => {
      expect(errors).toContain(
        'content/blog/renamed-article.md:4 slug: Expected "renamed-article" to match the file name, found "old-article-name"; rename one of them',
      );
    });

    test("names the line that opens an unclosed quote in front matter, without a stack trace", () => {
      expect(errors).toContain(
        'content/blog/broken-front-matter.md:5: YAML syntax: Missing closing " quote: the value on this line opens a quote that never closes',
      );
    });

    test("reports every problem at once", () => {
      expect(errors).toHaveLength(18);
    });
  });

  test("fills the company's claims into about and FAQ text, and names a placeholder that is no fact of site.yaml", async () => {
    const content = await readSiteContent();
    expect(JSON.stringify([content.about, content.faq])).not.toContain("{{");
    expect(content.faq.categories[0]?.questions[0]?.a).toContain(`${content.site.company.productCount} products`);
    expect(
      await errorsAfter("faq.yaml", (text) => text.replace("{{company.productCount}}", "{{company.products}}")),
    ).toEqual([
      expect.stringMatching(
        /^content\/faq\.yaml:6 categories\[0\]\.questions\[0\]\.a: Unknown placeholder \{\{company\.products\}\}; expected one of \{\{leads\.retentionDays\}\}, /,
      ),
    ]);
  });

  test("rejects an unknown field so a typo is not silently ignored", async () => {
    const errors = await errorsAfter("products/esim.yaml", (text) => `${text}\nfeaturs:\n  - typo\n`);
    expect(errors.some((e) => /^content\/products\/esim\.yaml:\d+ featurs: Unknown field "featurs"/.test(e))).toBe(
      true,
    );
  });

  test("suggests the field a misspelt one was meant to be, without a second error for the missing field", async () => {
    const errors = await errorsAfter("blog/quick-commerce-unit-economics.md", (text) =>
      text.replace(/^title: /m, "titel: "),
    );
    expect(errors).toEqual([
      "content/blog/quick-commerce-unit-economics.md:5 titel: Unknown field `titel`: did you mean `title`?",
    ]);
  });

  test("refuses HTML in an article body, naming its line and tag, as it would vanish from the page", async () => {
    const errors = await errorsAfter("blog/quick-commerce-unit-economics.md", (text) =>
      text.replace(
        /^---\n\n/m,
        "---\n\n<div>text</div>\n\nPress <kbd>Enter</kbd>. <!-- a note to the next editor -->\n\n",
      ),
    );
    expect(errors).toEqual([
      "content/blog/quick-commerce-unit-economics.md:24 html: <div> is left out of the page, with everything inside it: articles publish markdown, not HTML; write its text in markdown (paragraphs, **bold**, lists, > quotes, | tables |) or remove it",
      "content/blog/quick-commerce-unit-economics.md:26 html: <kbd> is left out of the page, with everything inside it: articles publish markdown, not HTML; write its text in markdown (paragraphs, **bold**, lists, > quotes, | tables |) or remove it",
    ]);
  });

  test("refuses an indented HTML block and PHP code written bare, which would vanish just the same", async () => {
    const errors = await errorsAfter("blog/quick-commerce-unit-economics.md", (text) =>
      text.replace(/^---\n\n/m, "---\n\n  <div>text</div>\n\nInstall with <?php echo PHP_VERSION; ?> or later.\n\n"),
    );
    expect(errors).toEqual([
      "content/blog/quick-commerce-unit-economics.md:24 html: <div> is left out of the page, with everything inside it: articles publish markdown, not HTML; write its text in markdown (paragraphs, **bold**, lists, > quotes, | tables |) or remove it",
      "content/blog/quick-commerce-unit-economics.md:26 html: <?php…> is left out of the page: to show code, put it in backticks (`<?php …>`) or in a fenced block",
    ]);
  });

  test("refuses an image in a body written as a relative path, which would resolve under the article's URL", async () => {
    const errors = await errorsAfter(
      "blog/quick-commerce-unit-economics.md",
      (text) => `${text}\n![Server rack](images/blog/rack.jpg)\n`,
    );
    expect(errors).toEqual([
      expect.stringMatching(
        /^content\/blog\/quick-commerce-unit-economics\.md:\d+ image: Expected an image under \/images\/ \(a file in content\/images\), found images\/blog\/rack\.jpg$/,
      ),
    ]);
  });

  test("refuses an embed in a policy page and tells the editor to link to it", async () => {
    const errors = await errorsAfter(
      "pages/terms.md",
      (text) => `${text}\n<iframe src="https://example.com/v"></iframe>\n`,
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      /^content\/pages\/terms\.md:\d+ html: <iframe> is left out of the page, .*; link to what it shows instead/,
    );
  });

  test("says a price must be more than 0", async () => {
    const errors = await errorsAfter("installation-packages.yaml", (text) =>
      text.replace("priceINR: 25000", "priceINR: 0"),
    );
    expect(errors).toEqual(["content/installation-packages.yaml:7 packages[0].priceINR: Must be more than 0, found 0"]);
  });

  test("names both places of a FAQ question asked twice, in another category and with other spacing", async () => {
    const errors = await errorsAfter(
      "faq.yaml",
      (text) =>
        `${text.trimEnd()}\n      - q: what is a  ready-made white-label APP?\n        a: The same question, asked again.\n`,
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      /^content\/faq\.yaml:(\d+) categories\[\d+\]\.questions\[\d+\]\.q: Duplicate question "what is a {2}ready-made white-label APP\?": content\/faq\.yaml:10 \(categories\[0\]\.questions\[1\]\.q\) asks it already; remove one, or merge their answers$/,
    );
  });

  test("rejects a typed documentationUrl, which is derived from the id", async () => {
    const errors = await errorsAfter("products/esim.yaml", (text) =>
      text.replace(/^image: /m, "documentationUrl: /docs/esim.pdf\nimage: "),
    );
    expect(errors).toEqual([
      'content/products/esim.yaml:18 documentationUrl: Unknown field "documentationUrl"; check its spelling against the schema or remove it',
    ]);
  });

  test("reports a YAML syntax error with its line", async () => {
    const errors = await errorsAfter("testimonials.yaml", () => "testimonials:\n  - name: [unclosed\n");
    expect(errors.some((e) => /^content\/testimonials\.yaml:\d+: YAML syntax: /.test(e))).toBe(true);
  });

  test("counts front-matter lines from the top of the file", async () => {
    const errors = await errorsAfter("pages/terms.md", (text) =>
      text.replace(/^lastUpdated: .*$/m, "lastUpdated: 2025-04-31"),
    );
    expect(errors).toEqual([
      'content/pages/terms.md:5 lastUpdated: Impossible date "2025-04-31": April 2025 has 30 days',
    ]);
  });
});

describe("npm run build with invalid content", () => {
  test("exits with code 1, prints every error and writes nothing", async () => {
    const fixture = await contentWith("broken-editor");
    try {
      const out = path.join(fixture.dir, "..", `${path.basename(fixture.dir)}-dist`);
      const result = await runCli(buildCli, ["--content", fixture.dir, "--out", out], process.env);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain("18 content errors:");
      expect(result.stderr).toContain(
        'content/blog/impossible-day.md:12 date: Impossible date "2025-02-30": February 2025 has 28 days',
      );
      expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace for editors
      expect(existsSync(out)).toBe(false);
    } finally {
      await fixture.cleanup();
    }
  });
});

describe("article titles", () => {
  test("asks for a shorter seoTitle when a title is too long for search results", async () => {
    const errors = await errorsAfter("blog/white-label-vs-custom-build-cost.md", (text) =>
      text.replace(/^seoTitle: .*\n/m, ""),
    );
    expect(errors).toEqual([
      "content/blog/white-label-vs-custom-build-cost.md:5 title: Title has 75 characters and search results cut it off after 70; add a shorter seoTitle",
    ]);
  });
});

describe("drafts and scheduled posts (tests/fixtures/drafts)", () => {
  const drafts = { overlay: "drafts", now: new Date("2026-11-25T12:00:00Z") };

  test("a time zone must be one the platform knows, written by its name", async () => {
    expect(await errorsAfter("site.yaml", (t) => t.replace("Asia/Kolkata", "Asia/Kolkatta"), drafts)).toEqual([
      "content/site.yaml:21 timeZone: Expected a time zone name such as Asia/Kolkata or Europe/London",
    ]);
    expect(await errorsAfter("site.yaml", (t) => t.replace("Asia/Kolkata", "+05:30"), drafts)).toHaveLength(1);
  });

  test("the featured count leaves drafts and future posts out, and says so", async () => {
    const errors = await errorsAfter(
      "blog/quick-commerce-unit-economics.md",
      (t) => t.replace("featured: true", "featured: false"),
      drafts,
    );
    expect(errors).toEqual([
      "content/blog featured: The home page shows 4 featured posts, found 3 (drafts and posts dated after today do not count); set featured: true on 1 more",
    ]);
  });

  test("a featured post scheduled for a day when five would be featured is refused now, not on that day", async () => {
    const errors = await errorsAfter(
      "blog/saffronette-launch.md",
      (t) => t.replace("date: 2027-05-01", "date: 2027-05-01\nfeatured: true"),
      drafts,
    );
    expect(errors).toEqual([
      "content/blog/saffronette-launch.md:13 featured: On 2027-05-01, when this post is published, the home page would have 5 featured posts and it shows 4; set featured: false here and feature it once it is published",
    ]);
  });

  test("a published project may not name a draft product", async () => {
    const errors = await errorsAfter(
      "portfolio/rideon-bike-taxi.yaml",
      (t) => `${t.trimEnd()}\nproductId: quokkapay\n`,
      drafts,
    );
    expect(errors).toEqual([
      'content/portfolio/rideon-bike-taxi.yaml:15 productId: Product "quokkapay" is a draft (content/products/quokkapay.yaml), so its page is not published; publish it or remove productId until it is',
    ]);
  });
});
