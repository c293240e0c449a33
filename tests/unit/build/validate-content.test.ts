import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, test } from "vitest";
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

  /** Each fixture's content errors: every one listed is reported, and nothing else, in one build. */
  test.each([
    {
      fixture: "broken",
      count: 6,
      expected: [
        "content/products/zeta.yaml:15 features[3]: Expected string, received number",
        "content/products/zeta.yaml:3 tagline: Missing required field (expected string)",
        expect.stringMatching(
          /^content\/portfolio\/zeta-project\.yaml:11 productId: Unknown product "no-such-product"/,
        ),
        'content/blog/zeta-duplicate.md:3 slug: Duplicate slug "quick-commerce-unit-economics": content/blog/quick-commerce-unit-economics.md uses it already; give each file its own slug',
        // The manual of a product whose file has other errors is looked for in the same build.
        'content/products/zeta.yaml:3 id: No documentation for "zeta": write content/documentation/zeta.md (or add content/documentation/zeta.pdf)',
      ],
    },
    {
      fixture: "broken-editor",
      count: 18,
      expected: [
        "content/products/nova.yaml:18 image: File not found: content/images/products/nova.svg; add the image there or correct the path",
        "content/portfolio/missing-image.yaml:8 image: File not found: content/images/portfolio/no-such-project.svg; add the image there or correct the path",
        // An article's cover in front matter and an image in its body, each on its own line.
        "content/blog/missing-images.md:13 image: File not found: content/images/blog/no-such-cover.svg; add the image there or correct the path",
        "content/blog/missing-images.md:19 image: File not found: content/images/blog/no-such-diagram.png; add the image there or correct the path",
        'content/products/nova.yaml:2 id: No documentation for "nova": write content/documentation/nova.md (or add content/documentation/nova.pdf)',
        'content/blog/impossible-day.md:12 date: Impossible date "2025-02-30": February 2025 has 28 days',
        'content/blog/impossible-month.md:12 date: Impossible date "2025-13-45": there is no month 13; write yyyy-mm-dd',
        "content/products/nova-copy.yml: Ignored file: products are read from .yaml files only; rename it to nova-copy.yaml",
        "content/blog/draft.markdown: Ignored file: articles are read from .md files only; rename it to draft.md",
        "content/blog/notes.MD: Ignored file: articles are read from .md files only; rename it to notes.md",
        "content/todo.txt: Ignored file: content/ reads only site.yaml, about.yaml, faq.yaml, testimonials.yaml, installation-packages.yaml, product-page.yaml at its top; move or delete it",
        // Every featured article is named when more are featured than the home page shows.
        ...[
          "fifth-featured.md:14",
          "launch-astrology-consultation-app.md:14",
          "quick-commerce-unit-economics.md:15",
          "whatsapp-business-api-marketing-playbook.md:14",
          "white-label-vs-custom-build-cost.md:15",
        ].map((at) => `content/blog/${at} featured: ${FEATURED}`),
        'content/blog/renamed-article.md:4 slug: Expected "renamed-article" to match the file name, found "old-article-name"; rename one of them',
        // The line that opens an unclosed quote in front matter, without a stack trace.
        'content/blog/broken-front-matter.md:5: YAML syntax: Missing closing " quote: the value on this line opens a quote that never closes',
      ],
    },
  ])(
    "names every mistake of tests/fixtures/$fixture at its file, line and field",
    async ({ fixture, count, expected }) => {
      const copy = await contentWith(fixture);
      try {
        const errors = await errorsFor(copy.dir);
        expect(errors).toEqual(expect.arrayContaining(expected));
        expect(errors).toHaveLength(count);
      } finally {
        await copy.cleanup();
      }
    },
  );

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

  const HTML_LEFT_OUT =
    "is left out of the page, with everything inside it: articles publish markdown, not HTML; write its text in markdown (paragraphs, **bold**, lists, > quotes, | tables |) or remove it";
  const QUICK = "blog/quick-commerce-unit-economics.md";
  const drafts = { overlay: "drafts", now: new Date("2026-11-25T12:00:00Z") };
  /** One edit of one file of a copy of content/ (a fixture laid over it), and every error the editor then reads. */
  test.each<{ what: string; file: string; edit: (text: string) => string; expected: unknown; options?: typeof drafts }>(
    [
      {
        what: "refuses HTML in an article body, naming its line and tag, as it would vanish from the page",
        file: QUICK,
        edit: (text) =>
          text.replace(
            /^---\n\n/m,
            "---\n\n<div>text</div>\n\nPress <kbd>Enter</kbd>. <!-- a note to the next editor -->\n\n",
          ),
        expected: [
          `content/blog/quick-commerce-unit-economics.md:24 html: <div> ${HTML_LEFT_OUT}`,
          `content/blog/quick-commerce-unit-economics.md:26 html: <kbd> ${HTML_LEFT_OUT}`,
        ],
      },
      {
        what: "refuses an indented HTML block and PHP code written bare, which would vanish just the same",
        file: QUICK,
        edit: (text) =>
          text.replace(
            /^---\n\n/m,
            "---\n\n  <div>text</div>\n\nInstall with <?php echo PHP_VERSION; ?> or later.\n\n",
          ),
        expected: [
          `content/blog/quick-commerce-unit-economics.md:24 html: <div> ${HTML_LEFT_OUT}`,
          "content/blog/quick-commerce-unit-economics.md:26 html: <?php…> is left out of the page: to show code, put it in backticks (`<?php …>`) or in a fenced block",
        ],
      },
      {
        what: "says a price must be more than 0",
        file: "installation-packages.yaml",
        edit: (text) => text.replace("priceINR: 25000", "priceINR: 0"),
        expected: ["content/installation-packages.yaml:7 packages[0].priceINR: Must be more than 0, found 0"],
      },
      {
        what: "names both places of a FAQ question asked twice, in another category and with other spacing",
        file: "faq.yaml",
        edit: (text) =>
          `${text.trimEnd()}\n      - q: what is a  ready-made white-label APP?\n        a: The same question, asked again.\n`,
        expected: [
          expect.stringMatching(
            /^content\/faq\.yaml:(\d+) categories\[\d+\]\.questions\[\d+\]\.q: Duplicate question "what is a {2}ready-made white-label APP\?": content\/faq\.yaml:10 \(categories\[0\]\.questions\[1\]\.q\) asks it already; remove one, or merge their answers$/,
          ),
        ],
      },
      {
        what: "rejects a typed documentationUrl, which is derived from the id, as an unknown field on its line",
        file: "products/esim.yaml",
        edit: (text) => text.replace(/^image: /m, "documentationUrl: /docs/esim.pdf\nimage: "),
        expected: [
          'content/products/esim.yaml:18 documentationUrl: Unknown field "documentationUrl"; check its spelling against the schema or remove it',
        ],
      },
      {
        what: "reports a YAML syntax error with its line",
        file: "testimonials.yaml",
        edit: () => "testimonials:\n  - name: [unclosed\n",
        expected: expect.arrayContaining([expect.stringMatching(/^content\/testimonials\.yaml:\d+: YAML syntax: /)]),
      },
      {
        what: "counts front-matter lines from the top of the file",
        file: "pages/terms.md",
        edit: (text) => text.replace(/^lastUpdated: .*$/m, "lastUpdated: 2025-04-31"),
        expected: ['content/pages/terms.md:5 lastUpdated: Impossible date "2025-04-31": April 2025 has 30 days'],
      },
      {
        what: "drafts: a time zone must be one the platform knows",
        file: "site.yaml",
        edit: (t) => t.replace("Asia/Kolkata", "Asia/Kolkatta"),
        expected: ["content/site.yaml:21 timeZone: Expected a time zone name such as Asia/Kolkata or Europe/London"],
        options: drafts,
      },
      {
        what: "drafts: a time zone is written by its name, not its offset",
        file: "site.yaml",
        edit: (t) => t.replace("Asia/Kolkata", "+05:30"),
        expected: [expect.any(String)],
        options: drafts,
      },
    ],
  )("$what", async ({ file, edit, expected, options }) => {
    expect(await errorsAfter(file, edit, options)).toEqual(expected);
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
