import { readFile } from "node:fs/promises";
import path from "node:path";
import { themeTokens } from "../../../src/lib/design-tokens.ts";
import { BuildError } from "../../errors.ts";

/** The brand colours generated images use, by their token names in src/styles/tokens.css. */
const NAMES = {
  ink: "--color-ink",
  ink2: "--color-ink-2",
  onInk: "--color-on-ink",
  onInkMuted: "--color-on-ink-muted",
  primary: "--color-primary",
  primaryLine: "--color-primary-line",
  violet: "--color-violet",
  accent: "--color-accent",
  bg: "--color-bg",
} as const;

export type BrandColors = Record<keyof typeof NAMES, string>;

/**
 * Reads the brand colours from the design tokens, so share cards, icons and the web manifest follow the site's palette.
 * @throws BuildError naming each token that is missing or is not a hex colour
 */
export async function readBrandColors(tokensFile: string): Promise<BrandColors> {
  // The light theme: share cards, icons and the manifest are one image for everyone.
  const props = themeTokens(await readFile(tokensFile, "utf8")).light;
  const problems: string[] = [];
  const colors = Object.fromEntries(
    Object.entries(NAMES).map(([key, name]) => {
      const value = props.get(name) ?? "";
      if (!/^#[0-9a-f]{3,8}$/i.test(value))
        problems.push(`${name} is ${value ? `"${value}"` : "missing"}, expected a hex colour`);
      return [key, value.toLowerCase()];
    }),
  ) as BrandColors;
  if (problems.length) throw new BuildError(`${tokensFile}: ${problems.join("; ")}`);
  return colors;
}

/** The logo and the design tokens every drawn picture of the brand (share cards, site icons) is made from. */
export const brandFiles = (rootDir: string) => ({
  logoFile: path.join(rootDir, "public/favicon.svg"),
  tokensFile: path.join(rootDir, "src/styles/tokens.css"),
});
