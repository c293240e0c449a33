import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { build } from "../../build/index.ts";
import { contentWith, ROOT } from "../fixtures/content.ts";

let work: string;
let content: { dir: string; cleanup: () => Promise<void> };

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "worker-sizes-"));
  content = await contentWith();
});
afterAll(async () => {
  await content.cleanup();
  await rm(work, { recursive: true, force: true });
});

// The render workers measure each page's gzip size after the render, while the main thread writes the site
// (build/render-worker.ts); the size report must come out as when every page is measured where it is rendered.
test("the size report is the same whether the workers or this thread rendered and measured the pages", async () => {
  const options = { rootDir: ROOT, contentDir: content.dir, cacheDir: false } as const;
  const inThread = await build({ ...options, outDir: path.join(work, "in-thread"), workers: 0 });
  const onWorkers = await build({ ...options, outDir: path.join(work, "workers"), workers: 2 });
  expect(onWorkers.sizes.length).toBe(inThread.pages);
  expect(onWorkers.sizes).toEqual(inThread.sizes);
  expect(onWorkers.sizes.every((weight) => weight.html > 0)).toBe(true);
});
