import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import * as esbuild from "esbuild";
import { rethrowAs } from "./errors.ts";

/** Entries nobody asked for in this long are deleted (an edited title or a removed post leaves one behind). */
const MAX_AGE_MS = 30 * 24 * 3600 * 1000;

/** A hex digest of the parts, each delimited, so ["ab", "c"] and ["a", "bc"] differ. */
export function digest(parts: readonly (string | Uint8Array)[]): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part).update("\0");
  return hash.digest("hex").slice(0, 40);
}

/**
 * The build's one cache (`<dir>/<kind>/<key>`, git-ignored), for outputs that cost more to make than to read: share
 * cards, site icons, documentation PDFs, rendered markdown, photos (facts and variants). A key is the input's content plus the hash of the code that made the output, as
 * esbuild's metafile lists that code: every file the producing module imports, ours and our dependencies', so an
 * edited plugin, slug rule or upgraded package never serves a stale output. What a failed make throws is never kept,
 * and an entry is written whole or not at all (writeAside). Without a folder nothing is kept and everything is made.
 */
export class BuildCache {
  readonly #rootDir: string;
  readonly #dir: string | undefined;
  readonly #code = new Map<string, Promise<string>>();
  /** What this session has read or made, by file: a dev save reads nothing from disk for what it did not change. */
  readonly #kept = new Map<string, Buffer>();
  #pruned = false;

  constructor({ rootDir, dir }: { rootDir: string; dir?: string }) {
    this.#rootDir = rootDir;
    this.#dir = dir;
  }

  /**
   * The hash of the code `entry` (a module path under the root) runs: every input esbuild bundles for it, by path and
   * content. Made once per cache: a build session never sees its code change (npm run dev restarts on code edits).
   */
  code(entry: string): Promise<string> {
    if (!this.#dir) return Promise.resolve(""); // nothing is kept, so nothing is looked up by it
    let hash = this.#code.get(entry);
    if (!hash) {
      hash = codeHash(this.#rootDir, entry);
      this.#code.set(entry, hash);
    }
    return hash;
  }

  /** The bytes kept under `key` in `kind`, or what `make` makes, then kept. */
  async get(kind: string, key: string, make: () => Promise<Uint8Array>): Promise<{ bytes: Buffer; cached: boolean }> {
    const file = this.#dir && path.join(this.#dir, kind, key);
    const inSession = file ? this.#kept.get(file) : undefined;
    if (inSession) return { bytes: inSession, cached: true };
    const kept = file ? await readFile(file).catch(() => undefined) : undefined;
    if (file && kept) {
      const now = new Date();
      await utimes(file, now, now); // used today: kept from the pruning
      this.#kept.set(file, kept);
      return { bytes: kept, cached: true };
    }
    const bytes = Buffer.from(await make());
    if (file) {
      await writeAside(file, bytes);
      this.#kept.set(file, bytes);
    }
    return { bytes, cached: false };
  }

  /** A JSON value kept under `key` in `kind`, or what `make` makes, then kept. */
  async json<T>(kind: string, key: string, make: () => Promise<T>): Promise<T> {
    const { bytes } = await this.get(kind, key, async () => Buffer.from(JSON.stringify(await make())));
    return JSON.parse(bytes.toString("utf8")) as T;
  }

  /**
   * A bundle too large to list its code first (codeHash bundles as much as `make` does): kept under the hash of the
   * inputs the previous make's metafile listed, so it is made again when any of them changed. `make` returns the
   * bundle as one byte string and its metafile's inputs (paths under the root).
   */
  async bundle(kind: string, make: () => Promise<{ bytes: Uint8Array; inputs: string[] }>) {
    const listFile = this.#dir && path.join(this.#dir, kind, "inputs.json");
    const listed = listFile ? await readFile(listFile, "utf8").catch(() => undefined) : undefined;
    const previous = listed ? (JSON.parse(listed) as string[]) : undefined;
    if (previous && this.#dir) {
      const key = await inputsDigest(this.#rootDir, previous);
      const file = path.join(this.#dir, kind, key);
      const kept = await readFile(file).catch(() => undefined);
      if (kept && listFile) {
        const now = new Date();
        await Promise.all([utimes(file, now, now), utimes(listFile, now, now)]); // used today: kept from the pruning
        return { bytes: kept, cached: true };
      }
    }
    const made = await make();
    const bytes = Buffer.from(made.bytes);
    if (this.#dir && listFile) {
      const inputs = [...made.inputs].sort();
      await writeAside(path.join(this.#dir, kind, await inputsDigest(this.#rootDir, inputs)), bytes);
      await writeAside(listFile, Buffer.from(JSON.stringify(inputs)));
    }
    return { bytes, cached: false };
  }

  /** Deletes the entries nobody used for a month, of every kind; once a session, as a month is long. */
  async prune(): Promise<void> {
    if (!this.#dir || this.#pruned) return;
    this.#pruned = true;
    const now = Date.now();
    for (const kind of await readdir(this.#dir).catch(() => [] as string[])) {
      const dir = path.join(this.#dir, kind);
      for (const name of await readdir(dir).catch(() => [] as string[])) {
        const file = path.join(dir, name);
        const info = await stat(file).catch(() => undefined);
        if (info?.isFile() && now - info.mtimeMs > MAX_AGE_MS) await rm(file, { force: true });
      }
    }
  }
}

/** Written under a temporary name and renamed, so a build running beside this one never reads half a file. */
async function writeAside(file: string, bytes: Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, file);
}

async function codeHash(rootDir: string, entry: string): Promise<string> {
  const result = await esbuild
    .build({
      entryPoints: [path.join(rootDir, entry)],
      absWorkingDir: rootDir,
      bundle: true,
      write: false,
      metafile: true,
      platform: "node",
      format: "esm",
      jsx: "automatic",
      logLevel: "silent",
    })
    .catch(rethrowAs(`Having trouble listing the code of ${entry} for the build cache`));
  return inputsDigest(rootDir, Object.keys(result.metafile.inputs).sort());
}

/**
 * The hash of files by path and content; a missing file counts as empty. A dependency counts by its path from
 * node_modules on: a checkout whose node_modules links to another's (a git worktree, a copy in a test) lists it through
 * that link's target, and makes the same outputs.
 */
async function inputsDigest(rootDir: string, inputs: readonly string[]): Promise<string> {
  const contents = await Promise.all(
    inputs.map((input) => readFile(path.resolve(rootDir, input)).catch(() => Buffer.alloc(0))),
  );
  const named = inputs.map((input, i) => ({ name: input.slice(Math.max(0, input.indexOf("node_modules/"))), i }));
  named.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return digest(named.flatMap(({ name, i }) => [name, contents[i] ?? ""]));
}
