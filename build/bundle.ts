import { createHash } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as esbuild from "esbuild";
import type { ComponentType } from "react";
import type { Stylesheets } from "../src/lib/stylesheets.ts";
import { BuildError, rethrowAs } from "./errors.ts";
import { bundleStyles, type OutputFile } from "./styles.ts";

/** A script small enough to inline in <head>, with the CSP hash that allows it. */
export interface InlineScript {
  code: string;
  /** 'sha256-…' as a CSP source. */
  hash: string;
}

export interface IslandBundle {
  chunks: Map<string, string>;
  ids: Map<ComponentType<never>, string>;
  /** URL of the eager island loader. */
  loader: string;
  /** The shell sheet and the page sheets, for the document to link what a page uses (build/styles.ts). */
  stylesheet: Stylesheets;
  /** src/client/inline/<name>.ts → its minified code and hash. */
  inlineScripts: Map<string, InlineScript>;
  /** URL of each JS file → URLs of the chunks it imports statically (what loading it costs). */
  imports: Map<string, string[]>;
  /** PAGE_MODULES name → URL of its module, for the pages that place it (src/components/inline-script.tsx). */
  modules: Map<string, string>;
  files: OutputFile[];
}

/**
 * Plain modules (src/client/<name>.ts, no framework, no island) a page places with <PageModule name>: code that only
 * some pages run and none needs before the first paint, so it is neither inline in their HTML nor in every page's loader.
 */
const PAGE_MODULES = ["filters", "home"] as const;

/**
 * Modules the loader imports when it needs them (src/client/<name>.ts), built like the page modules: the swap of a
 * page fetched ahead into the document, which only a touch screen uses, once it has such a page.
 */
const LOADER_MODULES = ["page-swap"] as const;

interface BundleOptions {
  rootDir: string;
  islandsDir: string;
  minify?: boolean;
}

/**
 * Bundles the browser side: one ESM entry per island (with a shared chunk for React and the stores, so every island
 * sees the same signals), the small eager loader, the stylesheets (build/styles.ts), and the inline head scripts.
 * Names are hashed.
 */
export async function bundleIslands({ rootDir, islandsDir, minify = true }: BundleOptions): Promise<IslandBundle> {
  const islandIds = (await readdir(islandsDir))
    .filter((f) => f.endsWith(".tsx"))
    .map((f) => f.slice(0, -4))
    .sort();
  const run = esbuildRun(rootDir, minify);
  const pageModules = bundlePageModules(run);
  // The loader waits for the styles (it names the page sheets) and the modules it imports; the islands need nothing
  // from the others and are made at the same time.
  const styles = bundleStyles(rootDir, run.common);
  const loader = Promise.all([styles, pageModules]).then(([css, modules]) => bundleLoader(run, css, modules));
  const [css, loaderJs, modulesJs, js, inlineScripts, ids] = await Promise.all([
    styles,
    loader,
    pageModules,
    bundleIslandEntries(run, islandsDir, islandIds),
    bundleInlineScripts(rootDir, run.common),
    islandComponents(islandsDir, islandIds),
  ]);
  const files: OutputFile[] = [
    ...[...(loaderJs.outputFiles ?? []), ...(modulesJs.outputFiles ?? []), ...(js.outputFiles ?? [])].map((f) => ({
      path: path.relative(run.distDir, f.path).split(path.sep).join("/"),
      contents: f.contents,
    })),
    ...css.files,
  ];
  const chunks = new Map(islandIds.map((id) => [id, run.outputFor(js.metafile, `island:${id}`)]));
  const imports = new Map<string, string[]>();
  for (const [out, meta] of Object.entries(js.metafile?.outputs ?? {})) {
    imports.set(
      run.url(out),
      meta.imports.filter((i) => i.kind === "import-statement").map((i) => run.url(i.path)),
    );
  }
  const modules = new Map(
    PAGE_MODULES.map((name) => [name, run.outputFor(modulesJs.metafile, `src/client/${name}.ts`)]),
  );
  return {
    chunks,
    ids,
    imports,
    modules,
    loader: run.outputFor(loaderJs.metafile, "src/client/loader.ts"),
    stylesheet: css.stylesheets,
    inlineScripts,
    files,
  };
}

/** What every esbuild run of the bundle shares: its options, where it writes, and the URL of what it made. */
function esbuildRun(rootDir: string, minify: boolean) {
  const common: esbuild.BuildOptions = {
    bundle: true,
    minify,
    write: false,
    metafile: true,
    target: ["es2022", "chrome111", "firefox111", "safari16.4"],
    define: { "process.env.NODE_ENV": '"production"' },
    jsx: "automatic",
    legalComments: "none",
    logLevel: "silent",
    absWorkingDir: rootDir,
  };
  const assets = { outdir: path.join(rootDir, "dist/assets"), format: "esm", entryNames: "[name]-[hash]" } as const;
  const distDir = path.join(rootDir, "dist");
  const url = (out: string) => `/${path.relative(distDir, path.join(rootDir, out)).split(path.sep).join("/")}`;
  /** The URL of the file esbuild made for an entry point. */
  const outputFor = (metafile: esbuild.Metafile | undefined, entry: string) => {
    const found = Object.entries(metafile?.outputs ?? {}).find(([, out]) => out.entryPoint === entry);
    if (!found) throw new BuildError(`esbuild produced no output for ${entry}`);
    return url(found[0]);
  };
  return { rootDir, common, assets, distDir, url, outputFor };
}

type EsbuildRun = ReturnType<typeof esbuildRun>;

/** Each page module on its own, never split like the loader: one request, sharing no chunk with the islands. */
function bundlePageModules({ rootDir, common, assets }: EsbuildRun) {
  const moduleNames = [...PAGE_MODULES, ...LOADER_MODULES];
  return esbuild
    .build({
      ...common,
      ...assets,
      entryPoints: moduleNames.map((name) => ({ in: path.join(rootDir, `src/client/${name}.ts`), out: name })),
    })
    .catch(rethrowAs(`Having trouble bundling the page modules (${moduleNames.join(", ")}) in src/client`));
}

/**
 * The loader is bundled on its own, never split: it is one request however many modules it shares with the islands
 * (the consent rules, the visit's source), which keep their own copies in their chunks.
 */
function bundleLoader(
  { rootDir, common, assets, outputFor }: EsbuildRun,
  css: Awaited<ReturnType<typeof bundleStyles>>,
  modulesJs: esbuild.BuildResult,
) {
  // The loader fetches the page sheets a page does not link ahead of the visitor's next page (src/client/next-page.ts).
  const pageSheets = JSON.stringify(css.stylesheets.pages.map((sheet) => sheet.href));
  const pageSwap = JSON.stringify(outputFor(modulesJs.metafile, "src/client/page-swap.ts"));
  return esbuild
    .build({
      ...common,
      ...assets,
      define: { ...common.define, __PAGE_SHEETS__: pageSheets, __PAGE_SWAP__: pageSwap },
      // The modules it imports are built already (above): left as they are, by URL.
      external: ["/assets/*"],
      entryPoints: [{ in: path.join(rootDir, "src/client/loader.ts"), out: "loader" }],
    })
    .catch(rethrowAs("Having trouble bundling the loader, src/client/loader.ts"));
}

/** One ESM entry per island, split so that every island shares one copy of React and the stores. */
function bundleIslandEntries({ rootDir, common, assets }: EsbuildRun, islandsDir: string, islandIds: string[]) {
  const mountModule = path.join(rootDir, "src/client/island-mount.tsx");
  return esbuild
    .build({
      ...common,
      ...assets,
      entryPoints: islandIds.map((id) => ({ in: `island:${id}`, out: id })),
      splitting: true,
      chunkNames: "chunks/[name]-[hash]",
      plugins: [
        {
          name: "island-entries",
          setup(build) {
            build.onResolve({ filter: /^island:/ }, (args) => ({ path: args.path.slice(7), namespace: "island" }));
            build.onLoad({ filter: /.*/, namespace: "island" }, (args) => ({
              resolveDir: rootDir,
              loader: "ts",
              contents: [
                `import Component from ${JSON.stringify(path.join(islandsDir, `${args.path}.tsx`))};`,
                `import { mount } from ${JSON.stringify(mountModule)};`,
                `export default (root, props, options) => mount(${JSON.stringify(args.path)}, Component, root, props, options);`,
              ].join("\n"),
            }));
          },
        },
      ],
    })
    .catch(rethrowAs("Having trouble bundling the islands in src/islands"));
}

/**
 * src/client/inline/<name>.ts, each bundled as a script of its own (an IIFE) to inline in <head>, with its CSP hash:
 * one esbuild run for all of them.
 */
async function bundleInlineScripts(rootDir: string, common: esbuild.BuildOptions): Promise<Map<string, InlineScript>> {
  const inlineDir = path.join(rootDir, "src/client/inline");
  const names = (await readdir(inlineDir).catch(() => [] as string[])).filter((f) => f.endsWith(".ts")).sort();
  if (names.length === 0) return new Map();
  const result = await esbuild
    .build({
      ...common,
      entryPoints: names.map((file) => ({ in: path.join(inlineDir, file), out: file.slice(0, -3) })),
      outdir: path.join(rootDir, "dist/inline"),
      format: "iife",
    })
    .catch(rethrowAs("Having trouble bundling the inline scripts in src/client/inline"));
  const scripts = new Map<string, InlineScript>();
  // Only the scripts: an inline script that imported a stylesheet would add a .css output, never to be run as one.
  for (const output of (result.outputFiles ?? []).filter((file) => file.path.endsWith(".js"))) {
    const code = output.text.trim();
    scripts.set(path.basename(output.path, ".js"), {
      code,
      hash: `'sha256-${createHash("sha256").update(code).digest("base64")}'`,
    });
  }
  return scripts;
}

/** Each island's component → its id (the file name in src/islands), for the server-side wrapper to name it. */
async function islandComponents(
  islandsDir: string,
  islandIds: readonly string[],
): Promise<Map<ComponentType<never>, string>> {
  const ids = new Map<ComponentType<never>, string>();
  for (const id of islandIds) {
    const mod = (await import(pathToFileURL(path.join(islandsDir, `${id}.tsx`)).href)) as {
      default?: ComponentType<never>;
    };
    if (typeof mod.default !== "function")
      throw new BuildError(`src/islands/${id}.tsx must default-export a component`);
    ids.set(mod.default, id);
  }
  return ids;
}
