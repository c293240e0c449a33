/**
 * The site's CSS is split: one shell sheet every page links (tokens, base, header, footer, consent, shared
 * components), and page sheets (src/styles/pages/*.css) that a page links only when its HTML uses one of their
 * classes. The build writes the sheets (build/styles.ts); the document picks them (src/layouts/document.tsx).
 */
import type { ThemeColors } from "./design-tokens.ts";

export interface PageSheet {
  /** e.g. "policy", from src/styles/pages/policy.css */
  name: string;
  /** URL of the built, hashed file. */
  href: string;
  /** Classes the sheet is keyed on (selectorClasses) that the shell sheet is not: a page using one needs the sheet. */
  classes: ReadonlySet<string>;
}

export interface Stylesheets {
  /** URL of the shell sheet. */
  shell: string;
  pages: readonly PageSheet[];
  /** The toolbar colour of each theme, from the tokens the sheets were built with (theme-color metas). */
  themeColors: ThemeColors;
}

/**
 * The classes a stylesheet is keyed on: the first class of each selector (`.article .prose` → article, so a sheet that
 * styles prose inside articles loads with articles, not wherever prose appears). Comments and url(…) are skipped.
 */
export function selectorClasses(css: string): Set<string> {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, "").replace(/url\([^)]*\)/g, "");
  const names = new Set<string>();
  // Only selector text: what precedes each "{" back to the previous "}", "{" or ";".
  for (const [, selector = ""] of text.matchAll(/([^{};]*)\{/g)) {
    if (selector.trimStart().startsWith("@")) continue;
    for (const one of selector.split(",")) {
      const first = /\.(-?[_a-zA-Z][\w-]*)/.exec(one)?.[1];
      if (first) names.add(first);
    }
  }
  return names;
}

/** Class names used in an HTML string's class attributes. */
export function htmlClasses(html: string): Set<string> {
  const names = new Set<string>();
  for (const [, value = ""] of html.matchAll(/\sclass="([^"]*)"/g))
    for (const name of value.split(/\s+/)) if (name) names.add(name);
  return names;
}

/** The stylesheet URLs a page with this HTML links, shell first, then page sheets in a fixed order. */
export function stylesheetsFor(html: string, sheets: Stylesheets): string[] {
  const used = htmlClasses(html);
  return [
    sheets.shell,
    ...sheets.pages.filter((sheet) => [...sheet.classes].some((name) => used.has(name))).map((sheet) => sheet.href),
  ];
}
