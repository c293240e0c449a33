import { beforeAll, describe, expect, test } from "vitest";
import { ContentErrors, formatIssue } from "../../../build/errors.ts";
import type { RawContent, SourceFile } from "../../../build/load-content.ts";
import { validateContent } from "../../../build/validate-content.ts";
import { editorMessage } from "../../../src/schemas/messages.ts";
import { HOME_FEATURED_POSTS, MAX_SEO_TITLE_LENGTH } from "../../../src/lib/limits.ts";
import { realContent } from "../../fixtures/real-content.ts";

/**
 * The rules of build/validate-content.ts, each met by one edit of the real content/ in memory: the content is read
 * once and validation takes milliseconds, so these also serve as the tests StrykerJS runs against each mutant of
 * validation (`npm run test:mutation`). tests/unit/build/validate-content.test.ts checks the same messages through
 * whole content folders on disk.
 */
const NOW = new Date("2026-11-27T12:00:00Z");
let real: RawContent;

beforeAll(async () => {
  real = await realContent();
});

/** A copy of the content whose top-level `data` fields are changed (the source's lines stay the file's). */
const edited = (source: SourceFile, change: Record<string, unknown>): SourceFile => ({
  ...source,
  data: { ...(source.data as Record<string, unknown>), ...change },
});

/** The editor's lines (`file:line field: message`) validation reports for the content after `edit`. */
function errorsAfter(edit: (raw: RawContent) => Partial<RawContent>, now = NOW): string[] {
  const raw = { ...real, issues: [...real.issues] };
  try {
    validateContent({ ...raw, ...edit(raw) } as RawContent, now);
  } catch (error) {
    if (error instanceof ContentErrors) return error.issues.map(formatIssue);
    throw error;
  }
  return [];
}

const product = (raw: RawContent, id: string) => {
  const found = raw.products.find((p) => p.name === id);
  if (!found) throw new Error(`no product ${id}`);
  return found;
};
const replaceIn = (list: SourceFile[], from: SourceFile, to: SourceFile) => list.map((s) => (s === from ? to : s));

describe("validateContent on the real content", () => {
  test("should accept it and list the products in their order, with every project, article and policy", () => {
    const valid = validateContent(real, NOW);
    expect(valid.products.map((p) => p.order)).toEqual([...valid.products.map((p) => p.order)].sort((a, b) => a - b));
    expect(valid.products[0]?.order).toBe(1);
    expect(valid.products).toHaveLength(real.products.length);
    expect(valid.portfolio).toHaveLength(real.portfolio.length);
    expect(valid.posts.map((p) => p.source.file)).toEqual(real.posts.map((s) => s.file));
    expect(valid.posts[0]?.body).toBe(real.posts[0]?.body);
    expect(valid.pages.map((p) => p.data.title)).toHaveLength(real.pages.length);
    expect(valid.site.name).toBeTruthy();
    for (const name of ["about", "faq", "testimonials", "installation", "productPage"] as const)
      expect(valid[name]).toBeTruthy();
    expect(valid.warnings).toEqual([]);
  });

  test("should refuse content whose site.yaml could not be read, with the reader's own error only", () => {
    const issue = { file: "content/site.yaml", field: "", message: "YAML syntax: bad" };
    const errors = errorsAfter((raw) => ({ site: { ...raw.site, data: undefined }, issues: [issue] }));
    expect(errors).toEqual(["content/site.yaml: YAML syntax: bad"]);
  });

  for (const name of ["about", "faq", "testimonials", "installation", "productPage"] as const) {
    test(`should refuse content whose ${name} file could not be read`, () => {
      expect(() => validateContent({ ...real, [name]: { ...real[name], data: undefined } }, NOW)).toThrow(
        ContentErrors,
      );
    });
  }
});

describe("field mistakes", () => {
  test("should suggest the field a misspelt one was meant to be, with no second error for the missing one", () => {
    const errors = errorsAfter((raw) => {
      const esim = product(raw, "esim");
      const { tagline, ...rest } = esim.data as Record<string, unknown>;
      return { products: replaceIn(raw.products, esim, { ...esim, data: { ...rest, taglin: tagline } }) };
    });
    expect(errors).toEqual([
      expect.stringMatching(
        /^content\/products\/esim\.yaml(:\d+)? taglin: Unknown field `taglin`: did you mean `tagline`\?$/,
      ),
    ]);
  });

  test("should name an unknown field that is near no field as unknown", () => {
    const errors = errorsAfter((raw) => {
      const esim = product(raw, "esim");
      return { products: replaceIn(raw.products, esim, edited(esim, { zzzzzz: 1 })) };
    });
    expect(errors).toEqual([
      expect.stringMatching(
        /esim\.yaml(:\d+)? zzzzzz: Unknown field "zzzzzz"; check its spelling against the schema or remove it$/,
      ),
    ]);
  });

  test("should allow one letter off in a short field name and two in a longer one", () => {
    const errors = errorsAfter((raw) => {
      const esim = product(raw, "esim");
      const { id, image, ...rest } = esim.data as Record<string, unknown>;
      // "ix" is one off "id" (3 letters or fewer: one); "imagxx" is two off "image".
      return { products: replaceIn(raw.products, esim, { ...esim, data: { ...rest, ix: id, imagxx: image } }) };
    });
    expect(errors.filter((e) => e.includes("did you mean"))).toHaveLength(2);
    expect(errors.some((e) => /ix: .*did you mean `id`/.test(e))).toBe(true);
    expect(errors.some((e) => /imagxx: .*did you mean `image`/.test(e))).toBe(true);
  });

  test("should not suggest a field the file already has", () => {
    const errors = errorsAfter((raw) => {
      const esim = product(raw, "esim");
      return { products: replaceIn(raw.products, esim, edited(esim, { imagf: "x" })) };
    });
    expect(errors).toEqual([expect.stringMatching(/imagf: Unknown field "imagf"/)]);
  });

  test("should suggest a field inside a list of objects", () => {
    const errors = errorsAfter((raw) => {
      const faq = raw.faq.data as { categories: { questions: Record<string, unknown>[] }[] };
      const [first, ...others] = faq.categories;
      if (!first) throw new Error("no FAQ category");
      const [question, ...questions] = first.questions;
      const { q, ...rest } = question as Record<string, unknown>;
      const categories = [{ ...first, questions: [{ ...rest, qq: q }, ...questions] }, ...others];
      return { faq: edited(raw.faq, { categories }) };
    });
    expect(errors).toEqual([expect.stringMatching(/categories\[0\]\.questions\[0\]\.qq: .*did you mean `q`\?$/)]);
  });
});

describe("schema errors", () => {
  test("should name a field of the wrong type and a missing one, each on its own line", () => {
    const errors = errorsAfter((raw) => {
      const esim = product(raw, "esim");
      const { tagline: _dropped, ...rest } = esim.data as Record<string, unknown>;
      return { products: replaceIn(raw.products, esim, { ...esim, data: { ...rest, order: "second" } }) };
    });
    expect(errors).toEqual([
      "content/products/esim.yaml:3 order: Expected number, received string",
      expect.stringMatching(
        /^content\/products\/esim\.yaml(:\d+)? tagline: Missing required field \(expected string\)$/,
      ),
    ]);
  });
});

describe("identity", () => {
  test("should ask for a product's id to match its file name", () => {
    const errors = errorsAfter((raw) => {
      const esim = product(raw, "esim");
      return { products: replaceIn(raw.products, esim, edited(esim, { id: "esim-2" })) };
    });
    expect(errors).toContainEqual(
      expect.stringMatching(
        /esim\.yaml:2 id: Expected "esim" to match the file name, found "esim-2"; rename one of them$/,
      ),
    );
  });

  test("should name a product without a manual, and take a .pdf manual as one", () => {
    const withoutEsim = new Set([...real.documentation].filter((d) => d !== "esim.md"));
    expect(errorsAfter(() => ({ documentation: withoutEsim }))).toEqual([
      'content/products/esim.yaml:2 id: No documentation for "esim": write content/documentation/esim.md (or add content/documentation/esim.pdf)',
    ]);
    expect(errorsAfter(() => ({ documentation: new Set([...withoutEsim, "esim.pdf"]) }))).toEqual([]);
  });

  test("should look for the manual of a product without an id under its file name", () => {
    const errors = errorsAfter((raw) => {
      const esim = product(raw, "esim");
      return {
        products: replaceIn(raw.products, esim, edited(esim, { id: "" })),
        documentation: new Set([...raw.documentation].filter((d) => d !== "esim.md")),
      };
    });
    expect(errors).toContainEqual(expect.stringContaining('No documentation for "esim"'));
  });

  test("should name both files of a duplicate product id, product order, project id and article slug and id", () => {
    const errors = errorsAfter((raw) => {
      const [a, b] = raw.products;
      const [p, q] = raw.portfolio;
      const [x, y] = raw.posts;
      if (!a || !b || !p || !q || !x || !y) throw new Error("too little content");
      const bData = b.data as { order: number };
      const aData = a.data as { order: number };
      const yData = y.data as { slug: string; id: string };
      const xData = x.data as { slug: string; id: string };
      return {
        products: [a, { ...b, data: { ...bData, order: aData.order } }, ...raw.products.slice(2)],
        portfolio: [p, { ...q, name: (p.data as { id: string }).id, data: p.data }, ...raw.portfolio.slice(2)],
        posts: [
          x,
          { ...y, name: xData.slug, data: { ...yData, slug: xData.slug, id: xData.id } },
          ...raw.posts.slice(2),
        ],
      };
    });
    expect(errors).toContainEqual(
      expect.stringMatching(
        / order: Duplicate order "\d+": content\/products\/.+ uses it already; give each file its own order$/,
      ),
    );
    expect(errors).toContainEqual(
      expect.stringMatching(/portfolio\/.+ id: Duplicate id ".+": content\/portfolio\/.+ uses it already/),
    );
    expect(errors).toContainEqual(
      expect.stringMatching(
        /blog\/.+ slug: Duplicate slug ".+": content\/blog\/.+ uses it already; give each file its own slug$/,
      ),
    );
    expect(errors).toContainEqual(
      expect.stringMatching(
        /blog\/.+ id: Duplicate id ".+": content\/blog\/.+ uses it already; give each file its own id$/,
      ),
    );
    expect(errors.filter((e) => e.includes("Duplicate"))).toHaveLength(4);
  });

  test("should ask for an article's slug and a project's id to match their file names", () => {
    const errors = errorsAfter((raw) => {
      const [post] = raw.posts;
      const [project] = raw.portfolio;
      if (!post || !project) throw new Error("too little content");
      return {
        posts: replaceIn(raw.posts, post, edited(post, { slug: "other-slug" })),
        portfolio: replaceIn(raw.portfolio, project, edited(project, { id: "other-id" })),
      };
    });
    expect(errors).toContainEqual(expect.stringContaining(' slug: Expected "'));
    expect(errors).toContainEqual(expect.stringContaining('found "other-slug"; rename one of them'));
    expect(errors).toContainEqual(expect.stringContaining('found "other-id"; rename one of them'));
  });

  test("should say so when there are no products at all", () => {
    expect(errorsAfter(() => ({ products: [] }))).toContain(
      "content/products: No products found; add content/products/<id>.yaml",
    );
  });

  test("should name a project's unknown product and list the known ones", () => {
    const errors = errorsAfter((raw) => {
      const [project] = raw.portfolio;
      if (!project) throw new Error("no project");
      return { portfolio: replaceIn(raw.portfolio, project, edited(project, { productId: "nope" })) };
    });
    expect(errors).toEqual([expect.stringMatching(/productId: Unknown product "nope"; expected one of \w[\w-]*, \w/)]);
  });

  test("should refuse a published project that names a draft product, and allow a draft project to", () => {
    const errors = errorsAfter((raw) => {
      const astroway = product(raw, "astroway");
      return { products: replaceIn(raw.products, astroway, edited(astroway, { draft: true })) };
    });
    const drafted = errors.filter((e) => e.includes('Product "astroway" is a draft (content/products/astroway.yaml)'));
    expect(drafted.length).toBeGreaterThan(0);
    expect(drafted[0]).toMatch(
      /productId: .*so its page is not published; publish it or remove productId until it is$/,
    );
    const projectsOfAstroway = real.portfolio.filter(
      (s) => (s.data as { productId?: string }).productId === "astroway",
    );
    expect(drafted).toHaveLength(projectsOfAstroway.length);
    const none = errorsAfter((raw) => {
      const astroway = product(raw, "astroway");
      return {
        products: replaceIn(raw.products, astroway, edited(astroway, { draft: true })),
        portfolio: raw.portfolio.map((s) =>
          (s.data as { productId?: string }).productId === "astroway" ? edited(s, { draft: true }) : s,
        ),
      };
    });
    expect(none.filter((e) => e.includes("is a draft"))).toEqual([]);
  });
});

describe("images", () => {
  test("should name a product, project, cover and share image that is not in content/images", () => {
    const errors = errorsAfter((raw) => {
      const esim = product(raw, "esim");
      const [project] = raw.portfolio;
      const [post] = raw.posts;
      if (!project || !post) throw new Error("too little content");
      return {
        products: replaceIn(raw.products, esim, edited(esim, { image: "/images/products/gone.svg" })),
        portfolio: replaceIn(raw.portfolio, project, edited(project, { image: "/images/portfolio/gone.svg" })),
        posts: replaceIn(raw.posts, post, edited(post, { image: "/images/blog/gone.svg" })),
        site: edited(raw.site, { shareCardImages: { blog: "/images/gone.png" } }),
      };
    });
    const missing = (p: string) =>
      expect.stringContaining(`: File not found: content${p}; add the image there or correct the path`);
    expect(errors).toContainEqual(
      expect.stringMatching(/esim\.yaml:18 image: File not found: content\/images\/products\/gone\.svg/),
    );
    expect(errors).toContainEqual(missing("/images/portfolio/gone.svg"));
    expect(errors).toContainEqual(missing("/images/blog/gone.svg"));
    expect(errors).toContainEqual(
      expect.stringMatching(
        /^content\/site\.yaml(:\d+)? shareCardImages\.blog: File not found: content\/images\/gone\.png/,
      ),
    );
  });

  test("should check the images of a body: missing, outside /images/ or foreign", () => {
    const errors = errorsAfter((raw) => {
      const [post] = raw.posts;
      if (!post) throw new Error("no post");
      const image = (url: string, line: number) => ({ kind: "image" as const, url, line, alt: "a picture" });
      const references = [
        image("/images/blog/gone%20away.png?w=2#top", 40),
        image("pictures/relative.png", 41),
        image("https://example.com/a.png", 42),
        image("//cdn.example.com/a.png", 43),
        image([...raw.images][0] ?? "", 44),
        { kind: "link" as const, url: "pictures/not-an-image", line: 45 },
      ];
      return { posts: replaceIn(raw.posts, post, { ...post, references } as SourceFile) };
    });
    const file = real.posts[0]?.file;
    expect(errors).toEqual([
      `${file}:40 image: File not found: content/images/blog/gone away.png; add the image there or correct the path`,
      `${file}:41 image: Expected an image under /images/ (a file in content/images), found pictures/relative.png`,
    ]);
  });
});

describe("HTML in a body", () => {
  const adviceFor = (tag: string) => {
    const errors = errorsAfter((raw) => {
      const [page] = raw.pages;
      if (!page) throw new Error("no page");
      return { pages: replaceIn(raw.pages, page, { ...page, rawHtml: [{ tag, line: 7 }] } as SourceFile) };
    });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^content\/pages\/\w+\.md:7 html: /);
    return errors[0]?.replace(/^\S+ html: /, "");
  };
  const LEFT = (tag: string) =>
    `<${tag}> is left out of the page, with everything inside it: articles publish markdown, not HTML`;

  test.each([
    [
      ["iframe", "embed", "object", "video", "audio", "picture", "source"],
      "link to what it shows instead, e.g. [Watch the demo](https://…)",
    ],
    [["script", "style", "link", "form", "input", "button"], "remove it"],
    [["img"], "write the image as ![what it shows](/images/…)"],
    [["br"], "a line break in the text is kept as it is, so just break the line"],
    // Any other element, and names that only begin like an embed or a script, are pointed to markdown.
    [
      ["div", "videos", "scripts"],
      "write its text in markdown (paragraphs, **bold**, lists, > quotes, | tables |) or remove it",
    ],
  ])("should advise on %j: %s", (tags, advice) => {
    for (const tag of tags) expect(adviceFor(tag)).toBe(`${LEFT(tag)}; ${advice}`);
  });

  test("should tell the editor to put PHP code and a doctype in backticks", () => {
    expect(adviceFor("?php")).toBe(
      "<?php…> is left out of the page: to show code, put it in backticks (`<?php …>`) or in a fenced block",
    );
    expect(adviceFor("!DOCTYPE")).toMatch(/^<!DOCTYPE…> is left out of the page: to show code/);
  });
});

describe("copy", () => {
  test("should ask for a shorter seoTitle when a title is too long, and accept one", () => {
    const long = "T".repeat(MAX_SEO_TITLE_LENGTH + 1);
    const errorsFor = (change: Record<string, unknown>) =>
      errorsAfter((raw) => {
        const [post] = raw.posts;
        if (!post) throw new Error("no post");
        return { posts: replaceIn(raw.posts, post, edited(post, change)) };
      });
    expect(errorsFor({ title: long })).toEqual([
      expect.stringMatching(
        new RegExp(
          ` title: Title has ${long.length} characters and search results cut it off after ${MAX_SEO_TITLE_LENGTH}; add a shorter seoTitle$`,
        ),
      ),
    ]);
    expect(errorsFor({ title: long, seoTitle: "Short" })).toEqual([]);
    expect(errorsFor({ title: "T".repeat(MAX_SEO_TITLE_LENGTH) })).toEqual([]);
  });

  test("should name a placeholder that is no fact of site.yaml, in about, the FAQ and a policy", () => {
    const errors = errorsAfter((raw) => {
      const [page, ...pages] = raw.pages;
      if (!page) throw new Error("no page");
      return {
        about: edited(raw.about, { extra: ["{{nope}}"] }),
        pages: [{ ...page, body: `${page.body}\n{{nobody}}\n` }, ...pages],
      };
    });
    expect(errors).toContainEqual(
      expect.stringMatching(
        /^content\/pages\/\w+\.md(:\d+)? body: Unknown placeholder \{\{nobody\}\}; expected one of \S/,
      ),
    );
    const faqErrors = errorsAfter((raw) => {
      const faq = raw.faq.data as { categories: { questions: { q: string; a: string }[] }[] };
      const [first, ...others] = faq.categories;
      if (!first) throw new Error("no category");
      const [question, ...rest] = first.questions;
      const categories = [{ ...first, questions: [{ ...question, a: "Call {{nope}}" }, ...rest] }, ...others];
      return { faq: edited(raw.faq, { categories }) };
    });
    expect(faqErrors).toEqual([
      expect.stringMatching(
        /^content\/faq\.yaml:\d+ categories\[0\]\.questions\[0\]\.a: Unknown placeholder \{\{nope\}\}; expected one of \S/,
      ),
    ]);
  });
});

describe("featured articles", () => {
  const featuredNames = () => real.posts.filter((s) => (s.data as { featured?: boolean }).featured).map((s) => s.name);

  test("should ask for more when fewer are featured than the home page shows", () => {
    const errors = errorsAfter((raw) => ({
      posts: raw.posts.map((s, i) => (i === 0 ? edited(s, { featured: false }) : s)),
    }));
    const now = featuredNames().filter((n) => n !== real.posts[0]?.name).length;
    expect(errors).toEqual([
      `content/blog featured: The home page shows ${HOME_FEATURED_POSTS} featured posts, found ${now}; set featured: true on ${HOME_FEATURED_POSTS - now} more`,
    ]);
  });

  test("should not count a draft, and say so", () => {
    const first = real.posts.find((s) => (s.data as { featured?: boolean }).featured);
    const errors = errorsAfter((raw) => ({
      posts: raw.posts.map((s) => (s === first ? edited(s, { draft: true }) : s)),
    }));
    expect(errors).toEqual([
      expect.stringMatching(
        /found \d+ \(drafts and posts dated after today do not count\); set featured: true on 1 more$/,
      ),
    ]);
  });

  test("should name every featured article when more are featured than the home page shows", () => {
    const unfeatured = real.posts.find((s) => !(s.data as { featured?: boolean }).featured);
    const errors = errorsAfter((raw) => ({
      posts: raw.posts.map((s) => (s === unfeatured ? edited(s, { featured: true }) : s)),
    }));
    const count = featuredNames().length + 1;
    expect(errors).toHaveLength(count);
    for (const line of errors)
      expect(line).toMatch(
        new RegExp(
          `^content/blog/[\\w-]+\\.md:\\d+ featured: The home page shows ${HOME_FEATURED_POSTS} featured posts, found ${count} \\(([\\w-]+\\.md, ){${count - 1}}[\\w-]+\\.md\\); set featured: false on ${count - HOME_FEATURED_POSTS} of them$`,
        ),
      );
  });

  test("should refuse a post dated before the company was founded or more than a year ahead, on its date", () => {
    const post = real.posts.find((s) => !(s.data as { featured?: boolean }).featured);
    const dated = (date: string) =>
      errorsAfter((raw) => ({ posts: raw.posts.map((s) => (s === post ? edited(s, { date }) : s)) }));
    expect(dated("1905-11-27")).toEqual([
      expect.stringMatching(
        /:\d+ date: date 1905-11-27 is before 2016, the year the company was founded \(site.yaml company.foundingYear\); check the year$/,
      ),
    ]);
    expect(dated("2027-11-29")).toEqual([
      expect.stringMatching(
        /:\d+ date: date 2027-11-29 is more than a year ahead \(after 2027-11-28\); check the year/,
      ),
    ]);
    expect(dated("2016-01-01")).toEqual([]);
    expect(dated("2027-11-28")).toEqual([]);
  });

  test("should refuse now a featured post scheduled for a day when one too many would be featured", () => {
    const unfeatured = real.posts.find((s) => !(s.data as { featured?: boolean }).featured);
    const errors = errorsAfter((raw) => ({
      posts: raw.posts.map((s) => (s === unfeatured ? edited(s, { featured: true, date: "2027-01-05" }) : s)),
    }));
    expect(errors).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${unfeatured?.file}:\\d+ featured: On 2027-01-05, when this post is published, the home page would have ${HOME_FEATURED_POSTS + 1} featured posts and it shows ${HOME_FEATURED_POSTS}; set featured: false here and feature it once it is published$`,
        ),
      ),
    ]);
  });

  test("should accept a scheduled featured post when one featured today is unfeatured, and a featured draft", () => {
    const [unfeatured] = real.posts.filter((s) => !(s.data as { featured?: boolean }).featured);
    const [wasFeatured] = real.posts.filter((s) => (s.data as { featured?: boolean }).featured);
    // Five featured on that day minus one: one scheduled and one draft replace one of today's.
    const errors = errorsAfter((raw) => ({
      posts: raw.posts.map((s) =>
        s === unfeatured
          ? edited(s, { featured: true, date: "2027-01-05" })
          : s === wasFeatured
            ? edited(s, { draft: true })
            : s,
      ),
    }));
    expect(errors).toEqual([
      expect.stringMatching(
        /found 3 \(drafts and posts dated after today do not count\); set featured: true on 1 more$/,
      ),
    ]);
  });
});

describe("editorMessage", () => {
  type Issue = Parameters<typeof editorMessage>[0];
  const message = (issue: Record<string, unknown>) => editorMessage(issue as unknown as Issue);

  test("should say what type a field wants and what it got", () => {
    expect(message({ code: "invalid_type", expected: "string", input: undefined })).toBe(
      "Missing required field (expected string)",
    );
    expect(message({ code: "invalid_type", expected: "int", input: 2.5 })).toBe("Must be a whole number, found 2.5");
    expect(message({ code: "invalid_type", expected: "string", input: 3 })).toBe("Expected string, received number");
    expect(message({ code: "invalid_type", expected: "string", input: null })).toBe("Expected string, received null");
    expect(message({ code: "invalid_type", expected: "string", input: [] })).toBe("Expected string, received array");
    expect(message({ code: "invalid_type", expected: "string", input: new Date(0) })).toBe(
      "Expected string, received date",
    );
  });

  test("should word lower bounds of lists, text and numbers", () => {
    expect(message({ code: "too_small", origin: "array", minimum: 2, exact: true, input: [1] })).toBe(
      "Expected exactly 2 items, found 1",
    );
    expect(message({ code: "too_small", origin: "array", minimum: 2, input: "x" })).toBe(
      "Expected at least 2 items, found 0",
    );
    expect(message({ code: "too_small", origin: "string", minimum: 3 })).toBe("Expected at least 3 characters");
    expect(message({ code: "too_small", origin: "number", minimum: 0, inclusive: false, input: 0 })).toBe(
      "Must be more than 0, found 0",
    );
    expect(message({ code: "too_small", origin: "number", minimum: 1, inclusive: true, input: 0 })).toBe(
      "Must be at least 1, found 0",
    );
  });

  test("should word upper bounds of lists, text and numbers", () => {
    expect(message({ code: "too_big", origin: "array", maximum: 2, exact: true, input: [1, 2, 3] })).toBe(
      "Expected exactly 2 items, found 3",
    );
    expect(message({ code: "too_big", origin: "array", maximum: 2, input: 7 })).toBe(
      "Expected at most 2 items, found 0",
    );
    expect(message({ code: "too_big", origin: "string", maximum: 60 })).toBe("Expected at most 60 characters");
    expect(message({ code: "too_big", origin: "number", maximum: 5, inclusive: true, input: 6 })).toBe(
      "Must be at most 5, found 6",
    );
    expect(message({ code: "too_big", origin: "number", maximum: 5, inclusive: false, input: 5 })).toBe(
      "Must be less than 5, found 5",
    );
  });

  test("should list the allowed values, name an unknown field and a bad format, and fall back to zod's message", () => {
    expect(message({ code: "invalid_value", values: ["a", 1], input: "b" })).toBe(
      'Expected one of "a", 1, received "b"',
    );
    expect(message({ code: "unrecognized_keys", keys: ["featurs", "x"] })).toBe(
      'Unknown field "featurs"; check its spelling against the schema or remove it',
    );
    expect(message({ code: "invalid_format", format: "url" })).toBe("Invalid url");
    expect(message({ code: "custom", message: "Pick a day the month has" })).toBe("Pick a day the month has");
    expect(message({ code: "custom" })).toBe("Invalid value");
  });
});
