import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { readingMinutes } from "../src/lib/reading-time.ts";
import { type RenderedMarkdown, renderMarkdown } from "./markdown.ts";

export type MarkdownRenderer = (markdown: string, file: string) => Promise<RenderedMarkdown>;

/** A cached render, with its reading time counted once when it was rendered (counting words is not free). */
export type CachedMarkdown = RenderedMarkdown & { readingMinutes: number };

/**
 * Markdown rendering with a cache on disk (`<cacheDir>/markdown/<hash>.json`, git-ignored) and in memory, keyed by
 * the file's path and text and by a fingerprint of the pipeline (our plugins' and the reading time's source, the
 * lock file), so an
 * edited plugin or an upgraded remark never serves stale HTML. Rendering is a pure function of those inputs; a
 * file that fails to render is never cached, so its error shows on every build until it is fixed. `render` renders
 * what the cache lacks (on the build's worker threads when there are many).
 */
export async function cachedMarkdown(
  rootDir: string,
  cacheDir: string,
  render: MarkdownRenderer = renderMarkdown,
): Promise<(markdown: string, file: string) => Promise<CachedMarkdown>> {
  const fingerprint = await pipelineFingerprint(rootDir);
  const dir = path.join(cacheDir, "markdown");
  await mkdir(dir, { recursive: true });
  // What the folder holds, listed once: a cold build (a fresh clone, CI) then tries to open no entry at all, and at
  // a thousand posts those failed opens cost the main thread a quarter of a second.
  const stored = new Set(await readdir(dir).catch(() => [] as string[]));
  const memory = new Map<string, CachedMarkdown>();
  return async (markdown, file) => {
    const key = createHash("sha256").update(fingerprint).update("\0").update(file).update("\0").update(markdown).digest("hex");
    const known = memory.get(key);
    if (known) return known;
    const entry = path.join(dir, `${key}.json`);
    // An entry another build is still writing does not parse: it is rendered again, as if absent.
    const cached = stored.has(`${key}.json`)
      ? await readFile(entry, "utf8")
          .then((text) => JSON.parse(text) as CachedMarkdown)
          .catch(() => undefined)
      : undefined;
    const rendered = cached ?? withMinutes(await render(markdown, file));
    // A cache that cannot be written (read-only checkout) only costs speed.
    if (!cached) await writeFile(entry, JSON.stringify(rendered)).catch(() => rm(entry, { force: true }));
    memory.set(key, rendered);
    return rendered;
  };
}

async function pipelineFingerprint(rootDir: string): Promise<string> {
  const hash = createHash("sha256");
  const pluginDir = path.join(rootDir, "build/markdown");
  const plugins = (await readdir(pluginDir).catch(() => [] as string[])).sort().map((name) => path.join(pluginDir, name));
  const sources = ["build/markdown.ts", "src/lib/reading-time.ts", "src/lib/limits.ts", "package-lock.json"].map((file) => path.join(rootDir, file));
  for (const file of [...sources, ...plugins]) {
    hash.update(file).update(await readFile(file).catch(() => Buffer.alloc(0)));
  }
  return hash.digest("hex");
}

const withMinutes = (rendered: RenderedMarkdown): CachedMarkdown => ({ ...rendered, readingMinutes: readingMinutes(rendered.text) });
