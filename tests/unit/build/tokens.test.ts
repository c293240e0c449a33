import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { readBrandColors } from "../../../build/plugins/drawing/brand.ts";
import { withSystemScheme } from "../../../build/styles.ts";
import { cssCustomProperties } from "../../../src/lib/design-tokens.ts";
import { ROOT } from "../../fixtures/content.ts";

describe("cssCustomProperties", () => {
  test("should read custom properties and skip comments", () => {
    const css = ":root {\n  /* --color-ink: #000000; */\n  --color-ink: #0B1024;\n  --space-1: 0.25rem;\n}";
    expect(Object.fromEntries(cssCustomProperties(css))).toEqual({ "--color-ink": "#0B1024", "--space-1": "0.25rem" });
  });
});

describe("readBrandColors", () => {
  test("should read the light palette of the site's tokens, lower-cased, not the dark block that follows it", async () => {
    const css = await readFile(path.join(ROOT, "src/styles/tokens.css"), "utf8");
    expect(css.indexOf(':root[data-theme="dark"]')).toBeGreaterThan(css.indexOf("--color-bg: #ffffff;"));
    expect(await readBrandColors(path.join(ROOT, "src/styles/tokens.css"))).toMatchObject({
      primary: "#4f46e5",
      bg: "#ffffff",
      ink: "#0b1024",
    });
  });

  test("should name every token that is missing or not a hex colour", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "tokens-"));
    try {
      const file = path.join(dir, "tokens.css");
      const css = await readFile(path.join(ROOT, "src/styles/tokens.css"), "utf8");
      await writeFile(
        file,
        css.replace("--color-primary: #4f46e5;", "--color-primary: indigo;").replace(/--color-accent:[^;]+;/, ""),
      );
      await expect(readBrandColors(file)).rejects.toThrow(
        `${file}: --color-primary is "indigo", expected a hex colour; --color-accent is missing, expected a hex colour`,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("withSystemScheme", () => {
  test("should apply the dark block also to visitors without a choice whose system prefers dark", () => {
    const css = ':root {\n  --color-bg: #fff;\n}\n:root[data-theme="dark"] {\n  --color-bg: #000;\n}\n';
    expect(withSystemScheme(css, "tokens.css")).toBe(
      `${css}\n@media (prefers-color-scheme: dark) {\n  :root:not([data-theme="light"]) {\n  --color-bg: #000;\n}\n}\n`,
    );
  });

  test("should stop the build when tokens.css has no dark block", () => {
    expect(() => withSystemScheme(":root { --color-bg: #fff; }", "src/styles/tokens.css")).toThrow(
      'src/styles/tokens.css: no :root[data-theme="dark"] { … } block; the dark theme needs one',
    );
  });
});
