import { readFile } from "node:fs/promises";
import { BuildError } from "./errors.ts";

/** The brand colours generated images use, by their token names in src/styles/tokens.css. */
export interface BrandColors {
  ink: string;
  ink2: string;
  onInk: string;
  onInkMuted: string;
  primary: string;
  primaryLine: string;
  violet: string;
  accent: string;
  bg: string;
}

const NAMES: Record<keyof BrandColors, string> = {
  ink: "--color-ink",
  ink2: "--color-ink-2",
  onInk: "--color-on-ink",
  onInkMuted: "--color-on-ink-muted",
  primary: "--color-primary",
  primaryLine: "--color-primary-line",
  violet: "--color-violet",
  accent: "--color-accent",
  bg: "--color-bg",
};

/** Every `--name: value;` custom property declared in a stylesheet, later declarations winning. */
export function cssCustomProperties(css: string): Map<string, string> {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, "");
  return new Map([...withoutComments.matchAll(/(--[a-z0-9-]+)\s*:\s*([^;]+);/gi)].map((m) => [m[1] ?? "", (m[2] ?? "").trim()]));
}

/**
 * Reads the brand colours from the design tokens, so share cards, icons and the web manifest follow the site's palette.
 * @throws BuildError naming each token that is missing or is not a hex colour
 */
export async function readBrandColors(tokensFile: string): Promise<BrandColors> {
  const props = cssCustomProperties(await readFile(tokensFile, "utf8"));
  const problems: string[] = [];
  const colors = Object.fromEntries(
    Object.entries(NAMES).map(([key, name]) => {
      const value = props.get(name) ?? "";
      if (!/^#[0-9a-f]{3,8}$/i.test(value)) problems.push(`${name} is ${value ? `"${value}"` : "missing"}, expected a hex colour`);
      return [key, value.toLowerCase()];
    }),
  ) as unknown as BrandColors;
  if (problems.length) throw new BuildError(`${tokensFile}: ${problems.join("; ")}`);
  return colors;
}
