import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { DARK_SELECTOR, splitThemes, themeTokens } from "../../../src/lib/design-tokens.ts";
import { ROOT } from "../../fixtures/content.ts";

const TOKENS = readFileSync(path.join(ROOT, "src/styles/tokens.css"), "utf8");
const { light, dark } = themeTokens(TOKENS);

/**
 * Colour tokens that are the same in both themes, on purpose: glass and text on the brand gradients, the WhatsApp
 * green and the ink bands, which stay saturated and dark whatever the page around them.
 */
const SAME_IN_BOTH = [
  "--color-white-8",
  "--color-white-10",
  "--color-white-16",
  "--color-white-30",
  "--color-white-40",
  "--color-white-85",
  "--color-white-90",
  "--color-on-brand",
  "--color-accent-glow",
  "--color-on-ink",
  "--color-on-ink-muted",
  "--color-on-ink-accent",
  "--color-on-ink-soft",
  "--color-ink-line",
  "--color-star",
  "--color-whatsapp",
  "--color-whatsapp-strong",
  "--gradient-brand",
  "--gradient-strong",
  "--color-logo-start",
  "--color-logo-middle",
  "--color-logo-end",
];

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r = 0, g = 0, bl = 0] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Text on a ground, as the stylesheets pair them, including hover states axe never sees. */
const TEXT_PAIRS: [text: string, ground: string][] = [
  ["--color-text", "--color-bg"],
  ["--color-text", "--color-surface"],
  ["--color-text", "--color-surface-2"],
  ["--color-muted", "--color-bg"],
  ["--color-muted", "--color-surface"],
  ["--color-muted", "--color-surface-2"],
  ["--color-subtle", "--color-bg"],
  ["--color-primary", "--color-bg"],
  ["--color-primary", "--color-surface"],
  ["--color-primary-strong", "--color-bg"],
  ["--color-primary-strong", "--color-primary-soft"],
  ["--color-on-primary", "--color-primary"],
  ["--color-on-primary", "--color-primary-strong"],
  ["--color-danger", "--color-bg"],
  ["--color-danger", "--color-danger-soft"],
  ["--color-success", "--color-bg"],
  ["--color-success", "--color-success-soft"],
  ["--color-on-ink", "--color-ink"],
  ["--color-on-ink-muted", "--color-ink"],
  ["--color-on-ink-accent", "--color-ink"],
  ["--color-ink", "--color-on-ink-soft"],
  ["--color-on-brand", "--color-whatsapp"],
  ["--color-on-brand", "--color-whatsapp-strong"],
];

describe("splitThemes", () => {
  test("should separate the dark block from the light tokens", () => {
    const css = `:root {\n  --color-bg: #ffffff;\n}\n${DARK_SELECTOR} {\n  --color-bg: #000000;\n}\n:root { --space-1: 4px; }`;
    expect(splitThemes(css)).toEqual({
      light: ":root {\n  --color-bg: #ffffff;\n}\n\n:root { --space-1: 4px; }",
      dark: "\n  --color-bg: #000000;\n",
    });
  });

  test("should report a file without a dark block", () => {
    expect(splitThemes(":root { --color-bg: #fff; }").dark).toBeUndefined();
  });
});

describe("the site's colour tokens", () => {
  test("should give every colour, gradient, shadow and image token a dark value, unless it is the same in both by design", () => {
    const themed = [...light.keys()].filter((name) => /^--(color|gradient|shadow|ring|artwork)/.test(name));
    const darkBlock = new Set(themeTokens(splitThemes(TOKENS).dark ?? "").light.keys());
    expect(
      themed.filter((name) => !darkBlock.has(name) && !SAME_IN_BOTH.includes(name)),
      "no dark value",
    ).toEqual([]);
    expect(
      SAME_IN_BOTH.filter((name) => darkBlock.has(name)),
      "listed as shared but given a dark value",
    ).toEqual([]);
    expect(
      SAME_IN_BOTH.filter((name) => !light.has(name)),
      "listed as shared but not a token",
    ).toEqual([]);
  });

  for (const [theme, tokens] of [
    ["light", light],
    ["dark", dark],
  ] as const) {
    test(`should keep every text pair at AA contrast (4.5:1) in the ${theme} theme`, () => {
      const low = TEXT_PAIRS.map(([text, ground]) => ({
        text,
        ground,
        ratio: contrast(tokens.get(text) ?? "", tokens.get(ground) ?? ""),
      }))
        .filter(({ ratio }) => !(ratio >= 4.5))
        .map(({ text, ground, ratio }) => `${text} on ${ground}: ${ratio.toFixed(2)}`);
      expect(low).toEqual([]);
    });
  }
});
