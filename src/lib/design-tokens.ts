/**
 * Reading src/styles/tokens.css outside the browser: the build's generated images and the pages' theme-color meta
 * take their colours from the same tokens the stylesheets use.
 */

/** The dark theme's block in tokens.css, as the visitor's explicit choice selects it. */
export const DARK_SELECTOR = ':root[data-theme="dark"]';

/** Every `--name: value;` custom property declared in a stylesheet, later declarations winning. */
export function cssCustomProperties(css: string): Map<string, string> {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, "");
  return new Map(
    [...withoutComments.matchAll(/(--[a-z0-9-]+)\s*:\s*([^;]+);/gi)].map((m) => [m[1] ?? "", (m[2] ?? "").trim()]),
  );
}

/**
 * Splits tokens.css into its light part (everything outside the dark block) and the dark block's declarations.
 * `dark` is undefined when the file has no dark block. Token values hold no braces, so the block ends at the first `}`.
 */
export function splitThemes(css: string): { light: string; dark: string | undefined } {
  const start = css.indexOf(`${DARK_SELECTOR} {`);
  const open = css.indexOf("{", start);
  const close = css.indexOf("}", open);
  if (start < 0 || close < 0) return { light: css, dark: undefined };
  return { light: css.slice(0, start) + css.slice(close + 1), dark: css.slice(open + 1, close) };
}

/** The token values of each theme: the light ones, and the light ones overridden by the dark block. */
export function themeTokens(css: string): { light: Map<string, string>; dark: Map<string, string> } {
  const { light, dark } = splitThemes(css);
  const lightTokens = cssCustomProperties(light);
  return { light: lightTokens, dark: new Map([...lightTokens, ...cssCustomProperties(dark ?? "")]) };
}

/**
 * The browser toolbar colour of each theme (the theme-color metas): the brand indigo in light, as the web manifest
 * says, and the dark theme's top bar in dark.
 * @throws Error naming the token when it is missing
 */
export function themeColors(tokensCss: string): ThemeColors {
  const { light, dark } = themeTokens(tokensCss);
  const pick = (tokens: Map<string, string>, name: string) => {
    const value = tokens.get(name);
    if (!value) throw new Error(`src/styles/tokens.css: no ${name}, which the theme-color meta needs`);
    return value;
  };
  return { light: pick(light, "--color-primary"), dark: pick(dark, "--color-ink") };
}

export interface ThemeColors {
  light: string;
  dark: string;
}
