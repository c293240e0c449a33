import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ContentErrors } from "../../../build/errors.ts";
import { loadContent } from "../../../build/load-content.ts";
import { validateContent } from "../../../build/validate-content.ts";
import { contentWith, ROOT } from "../../fixtures/content.ts";

async function errorsFor(dir: string): Promise<string[]> {
  try {
    validateContent(await loadContent(dir));
  } catch (error) {
    if (error instanceof ContentErrors) return error.message.split("\n").slice(1);
    throw error;
  }
  return [];
}

describe("validateContent", () => {
  test("accepts the site's real content", async () => {
    expect(await errorsFor(path.join(ROOT, "content"))).toEqual([]);
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
      expect(errors.find((e) => e.startsWith("content/portfolio/zeta-project.yaml:11 productId: Unknown product \"no-such-product\""))).toBeDefined();
    });

    test("names both files of a duplicate slug and the fix", () => {
      expect(errors).toContain(
        'content/blog/zeta-duplicate.md:3 slug: Duplicate slug "quick-commerce-unit-economics": content/blog/quick-commerce-unit-economics.md uses it already; give each file its own slug',
      );
    });

    test("reports every problem at once", () => {
      expect(errors).toHaveLength(4);
    });
  });

  test("rejects an unknown field so a typo is not silently ignored", async () => {
    const fixture = await contentWith();
    try {
      const { appendFile } = await import("node:fs/promises");
      await appendFile(path.join(fixture.dir, "products/esim.yaml"), "\nfeaturs:\n  - typo\n");
      const errors = await errorsFor(fixture.dir);
      expect(errors.some((e) => /^content\/products\/esim\.yaml:\d+ featurs: Unknown field "featurs"/.test(e))).toBe(true);
    } finally {
      await fixture.cleanup();
    }
  });

  test("reports a YAML syntax error with its line", async () => {
    const fixture = await contentWith();
    try {
      const { writeFile } = await import("node:fs/promises");
      await writeFile(path.join(fixture.dir, "testimonials.yaml"), "testimonials:\n  - name: [unclosed\n");
      const errors = await errorsFor(fixture.dir);
      expect(errors.some((e) => /^content\/testimonials\.yaml:\d+: YAML syntax: /.test(e))).toBe(true);
    } finally {
      await fixture.cleanup();
    }
  });
});

describe("npm run build with invalid content", () => {
  test("exits with code 1, prints every error and writes nothing", async () => {
    const fixture = await contentWith("broken");
    try {
      const out = path.join(fixture.dir, "..", `${path.basename(fixture.dir)}-dist`);
      const result = spawnSync(process.execPath, ["--import", "tsx", "build/cli.ts", "--content", fixture.dir, "--out", out], {
        cwd: ROOT,
        encoding: "utf8",
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain("4 content errors:");
      expect(result.stderr).toContain("content/products/zeta.yaml:15 features[3]: Expected string, received number");
      expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace for editors
      const { existsSync } = await import("node:fs");
      expect(existsSync(out)).toBe(false);
    } finally {
      await fixture.cleanup();
    }
  });
});

describe("article titles", () => {
  test("asks for a shorter seoTitle when a title is too long for search results", async () => {
    const fixture = await contentWith();
    try {
      const { readFile, writeFile } = await import("node:fs/promises");
      const file = path.join(fixture.dir, "blog/white-label-vs-custom-build-cost.md");
      await writeFile(file, (await readFile(file, "utf8")).replace(/^seoTitle: .*\n/m, ""));
      expect(await errorsFor(fixture.dir)).toEqual([
        "content/blog/white-label-vs-custom-build-cost.md:5 title: Title has 75 characters and search results cut it off after 70; add a shorter seoTitle",
      ]);
    } finally {
      await fixture.cleanup();
    }
  });
});
