import { readFile } from "node:fs/promises";
import path from "node:path";
import type * as esbuild from "esbuild";
import { cssCustomProperties, DARK_SELECTOR, splitThemes, themeTokens } from "../src/lib/design-tokens.ts";
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

export { cssCustomProperties };

/**
 * tokens.css as the stylesheet bundles it: the dark block applies to an explicit choice (`data-theme="dark"` on
 * <html>) as written, and a copy applies to visitors who chose nothing, when their system prefers dark. The copy is
 * made here so the dark colours are written once.
 * @throws BuildError when the file has no dark block
 */
export function withSystemScheme(css: string, file: string): string {
  const { dark } = splitThemes(css);
  if (dark === undefined) throw new BuildError(`${file}: no ${DARK_SELECTOR} { … } block; the dark theme needs one`);
  return `${css}\n@media (prefers-color-scheme: dark) {\n  :root:not([data-theme="light"]) {${dark}}\n}\n`;
}

/** esbuild plugin: loads src/styles/tokens.css through withSystemScheme. */
export function systemSchemePlugin(tokensFile: string): esbuild.Plugin {
  return {
    name: "system-scheme",
    setup(build) {
      build.onLoad({ filter: /tokens\.css$/ }, async (args) => {
        if (path.resolve(args.path) !== path.resolve(tokensFile)) return undefined;
        return {
          contents: withSystemScheme(await readFile(args.path, "utf8"), path.basename(args.path)),
          loader: "css",
        };
      });
    },
  };
}

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
  ) as unknown as BrandColors;
  if (problems.length) throw new BuildError(`${tokensFile}: ${problems.join("; ")}`);
  return colors;
}

/** The logo and the design tokens every drawn picture of the brand (share cards, site icons) is made from. */
export const brandFiles = (rootDir: string) => ({
  logoFile: path.join(rootDir, "public/favicon.svg"),
  tokensFile: path.join(rootDir, "src/styles/tokens.css"),
});
