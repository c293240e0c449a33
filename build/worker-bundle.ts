import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { threadId } from "node:worker_threads";
import * as esbuild from "esbuild";

export interface WorkerBundleOptions {
  rootDir: string;
  pagesDir: string;
  islandsDir: string;
  /** Where bundles are kept across builds; a folder in the system's temporary folder when the build keeps no cache. */
  cacheDir?: string;
}

/**
 * The render worker bundled with everything it runs (page and island modules, React's production build, the markdown
 * pipeline) into one ES module, so a worker starts by reading one file instead of resolving and transpiling hundreds
 * of modules through tsx. Kept as `render-worker-<hash>.mjs`, the hash taken over the entry and every file the last
 * bundle read: a build whose sources did not change reuses it. Undefined when esbuild cannot bundle (a syntax error
 * in a page): the workers then load the sources through tsx and the build reports the error in its own words.
 */
export async function workerBundle(options: WorkerBundleOptions): Promise<string | undefined> {
  // Without a cache folder, one temporary folder per checkout: another checkout's builds never prune this one's bundle.
  const checkout = createHash("sha256").update(options.rootDir).digest("hex").slice(0, 12);
  const dir = options.cacheDir ?? path.join(tmpdir(), `storefront-render-worker-${checkout}`);
  const entry = await entrySource(options);
  const manifest = path.join(dir, "inputs.json");
  const known = await readFile(manifest, "utf8").then((text) => JSON.parse(text) as string[], () => undefined);
  if (known) {
    const file = path.join(dir, `render-worker-${await inputsHash(options.rootDir, entry, known)}.mjs`);
    if (await stat(file).then(() => true, () => false)) return file;
  }
  try {
    const result = await esbuild.build({
      stdin: { contents: entry, resolveDir: path.join(options.rootDir, "build"), sourcefile: "render-worker-entry.ts", loader: "ts" },
      absWorkingDir: options.rootDir,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node24",
      write: false,
      metafile: true,
      logLevel: "silent",
      // The workers render for production; React's CommonJS files require Node's built-ins, which an ES module can
      // only do through a require of its own.
      define: { "process.env.NODE_ENV": '"production"' },
      banner: { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);' },
    });
    const inputs = Object.keys(result.metafile.inputs).sort();
    const file = path.join(dir, `render-worker-${await inputsHash(options.rootDir, entry, inputs)}.mjs`);
    await mkdir(dir, { recursive: true });
    await writeAside(file, result.outputFiles[0]?.contents ?? new Uint8Array());
    await writeAside(manifest, JSON.stringify(inputs));
    // Older bundles are of sources that changed since; a worker that loaded one already keeps running.
    const stale = (await readdir(dir)).filter((name) => /^render-worker-[0-9a-f]+\.mjs$/.test(name) && name !== path.basename(file));
    await Promise.all(stale.map((name) => rm(path.join(dir, name), { force: true })));
    return file;
  } catch {
    return undefined;
  }
}

/** The bundle's entry: every page and island module, registered by path (build/module-registry.ts), then the worker. */
async function entrySource({ pagesDir, islandsDir }: WorkerBundleOptions): Promise<string> {
  const pages = (await readdir(pagesDir, { recursive: true })).filter((file) => file.endsWith(".tsx")).map((file) => path.join(pagesDir, file));
  const islands = (await readdir(islandsDir)).filter((file) => file.endsWith(".tsx")).map((file) => path.join(islandsDir, file));
  const modules = [...pages, ...islands].sort();
  return [
    'import { registerModules } from "./module-registry.ts";',
    ...modules.map((file, i) => `import * as m${i} from ${JSON.stringify(file)};`),
    `registerModules({ ${modules.map((file, i) => `${JSON.stringify(file)}: m${i}`).join(", ")} });`,
    'await import("./render-worker.ts");',
  ].join("\n");
}

/**
 * A hash of the entry and of each input's path and bytes (paths relative to rootDir, as esbuild lists them); the
 * packages' thousands of files count by their paths and the lock file, which changes whenever one of them does.
 */
async function inputsHash(rootDir: string, entry: string, inputs: readonly string[]): Promise<string> {
  const read = (file: string) => readFile(path.resolve(rootDir, file)).catch(() => Buffer.alloc(0));
  const contents = await Promise.all(inputs.map((input) => (input.includes("node_modules/") ? Buffer.alloc(0) : read(input))));
  const hash = createHash("sha256").update(entry).update(await read("package-lock.json"));
  for (const [i, input] of inputs.entries()) hash.update("\0").update(input).update("\0").update(contents[i] ?? Buffer.alloc(0));
  return hash.digest("hex").slice(0, 16);
}

/** Written aside and renamed, so a parallel build never loads half a file. */
async function writeAside(file: string, contents: Uint8Array | string): Promise<void> {
  const temporary = `${file}.${process.pid}.${threadId}.tmp`;
  await writeFile(temporary, contents);
  await rename(temporary, file);
}
