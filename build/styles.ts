import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import * as esbuild from "esbuild";
import { DARK_SELECTOR, splitThemes, themeColors } from "../src/lib/design-tokens.ts";
import { type PageSheet, type Stylesheets, selectorClasses } from "../src/lib/stylesheets.ts";
import { BuildError, rethrowAs } from "./errors.ts";

/** A built file that write.ts puts under dist/. */
export interface OutputFile {
  /** Path relative to dist/, e.g. assets/buy-control-3FQ2.js */
  path: string;
  contents: Uint8Array;
}

/** Cascade layers, lowest first: a page's rules beat the shell (header, footer, overlays), which adjusts components. */
const LAYERS = "@layer tokens, base, components, shell, pages;";

/**
 * The CSS stage: the shell sheet (src/styles/index.css) and one sheet per file in src/styles/pages, each in the
 * `pages` layer, with breakpoint tokens substituted. Returns the sheets with the classes each one styles, so a
 * page links only the sheets its HTML needs (src/lib/stylesheets.ts).
 */
export async function bundleStyles(
  rootDir: string,
  common: esbuild.BuildOptions,
): Promise<{ stylesheets: Stylesheets; files: OutputFile[] }> {
  const stylesDir = path.join(rootDir, "src/styles");
  const pageNames = (await readdir(path.join(stylesDir, "pages")))
    .filter((f) => f.endsWith(".css"))
    .map((f) => f.slice(0, -4))
    .sort();
  const media = customMedia(await readFile(path.join(stylesDir, "media.css"), "utf8"));
  const result = await esbuild
    .build({
      ...common,
      entryPoints: [
        { in: path.join(stylesDir, "index.css"), out: "site" },
        ...pageNames.map((name) => ({ in: `sheet:${name}`, out: name })),
      ],
      outdir: path.join(rootDir, "dist/assets"),
      entryNames: "[name]-[hash]",
      loader: { ".svg": "dataurl" },
      plugins: [
        pageSheets(stylesDir),
        systemScheme(path.join(stylesDir, "tokens.css")),
        substituteMedia(media, rootDir),
      ],
    })
    .catch(rethrowAs("Having trouble bundling the stylesheets in src/styles"));

  const distDir = path.join(rootDir, "dist");
  const outputs = Object.entries(result.metafile?.outputs ?? {});
  const files: OutputFile[] = (result.outputFiles ?? []).map((f) => ({
    path: path.relative(distDir, f.path).split(path.sep).join("/"),
    contents: f.contents,
  }));
  const sheet = (entry: string) => {
    const found = outputs.find(([, out]) => out.entryPoint === entry);
    if (!found) throw new BuildError(`esbuild produced no stylesheet for ${entry}`);
    const href = `/${path.relative(distDir, path.join(rootDir, found[0])).split(path.sep).join("/")}`;
    const text = files.find((f) => `/${f.path}` === href)?.contents;
    return { href, classes: selectorClasses(Buffer.from(text ?? []).toString("utf8")) };
  };
  const shell = sheet("src/styles/index.css");
  const pages: PageSheet[] = pageNames.map((name) => {
    const { href, classes } = sheet(`sheet:${name}`);
    return { name, href, classes: new Set([...classes].filter((c) => !shell.classes.has(c))) };
  });
  const themes = themeColors(await readFile(path.join(stylesDir, "tokens.css"), "utf8"));
  return { stylesheets: { shell: shell.href, pages, themeColors: themes }, files };
}

/** `sheet:<name>` → src/styles/pages/<name>.css imported into the `pages` layer, after the layer order. */
function pageSheets(stylesDir: string): esbuild.Plugin {
  return {
    name: "page-sheets",
    setup(build) {
      build.onResolve({ filter: /^sheet:/ }, (args) => ({ path: args.path.slice(6), namespace: "sheet" }));
      build.onLoad({ filter: /.*/, namespace: "sheet" }, (args) => ({
        resolveDir: path.join(stylesDir, "pages"),
        loader: "css",
        contents: `${LAYERS}\n@import ${JSON.stringify(`./${args.path}.css`)} layer(pages);\n`,
      }));
    },
  };
}

/** `@custom-media --name (query);` declarations → name → query. */
function customMedia(css: string): Map<string, string> {
  return new Map(
    [...css.matchAll(/@custom-media\s+(--[\w-]+)\s+([^;]+);/g)].map(([, name = "", query = ""]) => [
      name,
      query.trim(),
    ]),
  );
}

/** Replaces `(--name)` in @media preludes with its query from src/styles/media.css; an unknown name stops the build. */
function substituteMedia(media: ReadonlyMap<string, string>, rootDir: string): esbuild.Plugin {
  return {
    name: "custom-media",
    setup(build) {
      build.onLoad({ filter: /\.css$/ }, async (args) => {
        const source = await readFile(args.path, "utf8");
        const file = path.relative(rootDir, args.path);
        const contents = source.replace(/@media([^{]*)\{/g, (_, prelude: string) => {
          const query = prelude.replace(/\((--[\w-]+)\)/g, (__, name: string) => {
            const value = media.get(name);
            if (!value)
              throw new BuildError(
                `${file}: unknown breakpoint token ${name}; expected one of ${[...media.keys()].join(", ")} (src/styles/media.css)`,
              );
            return value;
          });
          return `@media${query}{`;
        });
        return { contents, loader: "css" };
      });
    },
  };
}

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

/** Loads src/styles/tokens.css through withSystemScheme. */
function systemScheme(tokensFile: string): esbuild.Plugin {
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
