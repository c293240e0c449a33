import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { ROOT } from "../../fixtures/content.ts";

/** The files where raw values belong: the design tokens and the breakpoint tokens. */
const TOKEN_FILES = new Set(["src/styles/tokens.css", "src/styles/media.css"]);

/** Named colours a declaration might spell out; keywords such as transparent, currentColor and CanvasText are fine. */
const NAMED_COLOURS = [
  "black",
  "white",
  "red",
  "green",
  "blue",
  "gray",
  "grey",
  "silver",
  "orange",
  "yellow",
  "purple",
  "pink",
  "navy",
  "teal",
];

const RAW = [
  { kind: "length", pattern: /(?<![\w.#-])-?\d*\.?\d+(?:px|rem)\b/g },
  { kind: "colour", pattern: /#[0-9a-f]{3,8}\b/gi },
  { kind: "colour", pattern: /\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(/gi },
  { kind: "colour", pattern: new RegExp(`(?<![\\w-])(?:${NAMED_COLOURS.join("|")})(?![\\w-])`, "gi") },
];

/**
 * Raw lengths (px, rem) and colours in the declarations of a stylesheet, as "line: property: value (raw)". Selectors,
 * at-rule preludes and comments are not declarations; unitless numbers, em, %, vw and 0 are not raw sizes.
 */
function rawValues(css: string): string[] {
  // Comments and url(…) become blanks of the same shape, so line numbers stay true; a data: URL is a shape (an icon
  // mask), not a colour or size of the page.
  const blank = (part: string) => part.replace(/[^\n]/g, " ");
  const text = css.replace(/\/\*[\s\S]*?\*\//g, blank).replace(/url\([^)]*\)/g, blank);
  const found: string[] = [];
  for (const match of text.matchAll(/(?<=[{;]\s*)([-\w]+)\s*:([^;{}]*)(?=[;}])/g)) {
    const [, property = "", value = ""] = match;
    const line = text.slice(0, match.index).split("\n").length;
    for (const { kind, pattern } of RAW) {
      for (const [raw] of value.matchAll(pattern))
        found.push(`${line}: ${property}: ${value.trim()} (raw ${kind} ${raw})`);
    }
  }
  return found;
}

async function stylesheets(): Promise<string[]> {
  const dir = path.join(ROOT, "src/styles");
  const files = (await readdir(dir, { recursive: true })).map((f) => `src/styles/${f.split(path.sep).join("/")}`);
  return files.filter((f) => f.endsWith(".css") && !TOKEN_FILES.has(f)).sort();
}

describe("rawValues", () => {
  test("should find raw lengths and colours in declarations, with their line", () => {
    const css = [
      ".card {",
      "  padding: var(--space-4) 12px;",
      "  border: 1px solid #e2e8f0;",
      "  box-shadow: 0 0 0 2px rgb(0 0 0 / 0.2);",
      "  color: white;",
      "}",
    ].join("\n");
    expect(rawValues(css)).toEqual([
      "2: padding: var(--space-4) 12px (raw length 12px)",
      "3: border: 1px solid #e2e8f0 (raw length 1px)",
      "3: border: 1px solid #e2e8f0 (raw colour #e2e8f0)",
      "4: box-shadow: 0 0 0 2px rgb(0 0 0 / 0.2) (raw length 2px)",
      "4: box-shadow: 0 0 0 2px rgb(0 0 0 / 0.2) (raw colour rgb()",
      "5: color: white (raw colour white)",
    ]);
  });

  test("should pass tokens, relative units, keywords, selectors, at-rules and comments", () => {
    const css = [
      "/* was 12px, #fff */",
      "@media (min-width: 40rem) {",
      "  #main .white-card:hover {",
      "    margin: 0 auto calc(-1 * var(--space-1));",
      "    width: min(100%, 60ch);",
      "    line-height: 1.5;",
      "    letter-spacing: -0.02em;",
      "    border-color: transparent;",
      "    outline: var(--focus-ring) solid CanvasText;",
      `    mask: url("data:image/svg+xml,%3Csvg stroke='%23000' stroke-width='2px'/%3E") center / contain;`,
      "  }",
      "}",
    ].join("\n");
    expect(rawValues(css)).toEqual([]);
  });
});

describe("the stylesheets in src/styles", () => {
  test("should take every length and colour from the tokens (src/styles/tokens.css, media.css)", async () => {
    const sheets = await stylesheets();
    expect(sheets.length).toBeGreaterThan(10);
    const problems: string[] = [];
    for (const file of sheets)
      for (const raw of rawValues(await readFile(path.join(ROOT, file), "utf8"))) problems.push(`${file}:${raw}`);
    expect(problems).toEqual([]);
  });
});
