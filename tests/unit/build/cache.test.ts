import { mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { BuildCache } from "../../../build/cache.ts";

describe("BuildCache", () => {
  let work: string;
  let made: string[];
  const making = (text: string) => async () => {
    made.push(text);
    return Buffer.from(text);
  };
  beforeEach(async () => {
    work = await mkdtemp(path.join(tmpdir(), "build-cache-"));
    made = [];
  });
  afterEach(() => rm(work, { recursive: true, force: true }));

  test("should give a later build what an earlier one made under the same key, another key made anew, and keep nothing without a folder", async () => {
    const kept = () => new BuildCache({ rootDir: work, dir: path.join(work, "cache") });
    const first = await kept().get("notes", "a", making("one"));
    const again = await kept().get("notes", "a", making("one"));
    await kept().get("notes", "b", making("two"));
    const none = new BuildCache({ rootDir: work });
    await none.get("notes", "a", making("three"));
    await none.get("notes", "a", making("three"));
    expect(made).toEqual(["one", "two", "three", "three"]);
    expect([first.cached, again.cached, again.bytes.toString()]).toEqual([false, true, "one"]);
  });

  test("should keep nothing when making fails, so the error shows on every build", async () => {
    const cache = new BuildCache({ rootDir: work, dir: path.join(work, "cache") });
    const failing = async (): Promise<Uint8Array> => {
      throw new Error("Unexpected broken image, expected a file in content/images");
    };
    await expect(cache.get("notes", "a", failing)).rejects.toThrow("broken image");
    await expect(cache.get("notes", "a", failing)).rejects.toThrow("broken image");
    expect(await readdir(path.join(work, "cache")).catch(() => [])).toEqual([]);
  });

  test("should read an entry from disk once a session: a dev save reads nothing it did not change", async () => {
    const cache = new BuildCache({ rootDir: work, dir: path.join(work, "cache") });
    await cache.get("notes", "a", making("whole"));
    await rm(path.join(work, "cache"), { recursive: true });
    expect(await cache.get("notes", "a", making("again"))).toMatchObject({ cached: true });
    expect(made).toEqual(["whole"]);
  });

  test("should delete, of every kind, only the entries nobody used for a month", async () => {
    const cache = new BuildCache({ rootDir: work, dir: path.join(work, "cache") });
    await cache.get("cards", "old", making("old card"));
    await cache.get("markdown", "old", making("old render"));
    await cache.get("markdown", "fresh", making("fresh render"));
    const longAgo = new Date(Date.now() - 40 * 24 * 3600 * 1000);
    await utimes(path.join(work, "cache/cards/old"), longAgo, longAgo);
    await utimes(path.join(work, "cache/markdown/old"), longAgo, longAgo);
    await cache.prune();
    expect(await readdir(path.join(work, "cache/cards"))).toEqual([]);
    expect(await readdir(path.join(work, "cache/markdown"))).toEqual(["fresh"]);
  });

  test("should hash the code a module imports, so editing an imported file changes the key", async () => {
    await writeFile(
      path.join(work, "entry.ts"),
      'import { rule } from "./rule.ts";\nexport const run = (text: string) => rule(text);\n',
    );
    await writeFile(path.join(work, "rule.ts"), "export const rule = (text: string) => text.toLowerCase();\n");
    await writeFile(path.join(work, "unrelated.ts"), "export const other = 1;\n");
    const code = () => new BuildCache({ rootDir: work, dir: path.join(work, "cache") }).code("entry.ts");
    const before = await code();
    await writeFile(path.join(work, "unrelated.ts"), "export const other = 2;\n");
    expect(await code()).toBe(before);
    await writeFile(path.join(work, "rule.ts"), 'export const rule = (text: string) => "x-" + text.toLowerCase();\n');
    expect(await code()).not.toBe(before);
  });

  test("should keep a bundle under its inputs' contents and make it again when one of them changes", async () => {
    await writeFile(path.join(work, "entry.ts"), "export const a = 1;");
    const bundling = (text: string) => async () => {
      made.push(text);
      return { bytes: Buffer.from(text), inputs: ["entry.ts"] };
    };
    const cache = () => new BuildCache({ rootDir: work, dir: path.join(work, "cache") });
    await cache().bundle("bundle", bundling("first"));
    const kept = await cache().bundle("bundle", bundling("second"));
    expect(kept).toMatchObject({ cached: true });
    expect(kept.bytes.toString()).toBe("first");
    await writeFile(path.join(work, "entry.ts"), "export const a = 2;");
    const remade = await cache().bundle("bundle", bundling("third"));
    expect(remade).toMatchObject({ cached: false });
    expect(made).toEqual(["first", "third"]);
  });
});
