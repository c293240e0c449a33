import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { cssCustomProperties, readBrandColors } from "../../../build/tokens.ts";
import { ROOT } from "../../fixtures/content.ts";

describe("cssCustomProperties", () => {
  test("should read custom properties and skip comments", () => {
    const css = ":root {\n  /* --color-ink: #000000; */\n  --color-ink: #0B1024;\n  --space-1: 0.25rem;\n}";
    expect(Object.fromEntries(cssCustomProperties(css))).toEqual({ "--color-ink": "#0B1024", "--space-1": "0.25rem" });
  });
});

describe("readBrandColors", () => {
  test("should read the brand palette of the site's tokens, lower-cased", async () => {
    expect(await readBrandColors(path.join(ROOT, "src/styles/tokens.css"))).toMatchObject({ primary: "#4f46e5", bg: "#ffffff", ink: "#0b1024" });
  });

  test("should name every token that is missing or not a hex colour", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "tokens-"));
    try {
      const file = path.join(dir, "tokens.css");
      const css = await readFile(path.join(ROOT, "src/styles/tokens.css"), "utf8");
      await writeFile(file, css.replace("--color-primary: #4f46e5;", "--color-primary: indigo;").replace(/--color-accent:[^;]+;/, ""));
      await expect(readBrandColors(file)).rejects.toThrow(`${file}: --color-primary is "indigo", expected a hex colour; --color-accent is missing, expected a hex colour`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
