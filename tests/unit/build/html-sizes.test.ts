import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { measureHtml, readHtmlSizes, writeHtmlSizes } from "../../../build/html-sizes.ts";
import { gzipSize } from "../../../build/write.ts";

describe("html sizes kept across builds", () => {
  let dir: string;
  const page = `<!doctype html><html><body><main><h1>Café menu</h1>${"<p>Flat white → oat milk</p>".repeat(50)}</main></body></html>`;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "html-sizes-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  test("measures a page no build has measured: the gzip size of its exact UTF-8 bytes", () => {
    expect(measureHtml(page, new Map()).htmlGzip).toBe(gzipSize(Buffer.from(page)));
  });

  test("a page the next build writes alike takes the size kept for it, and one changed by a byte is measured again", async () => {
    const first = measureHtml(page, new Map());
    await writeHtmlSizes(dir, [first]);
    const kept = await readHtmlSizes(dir);
    expect(measureHtml(page, kept)).toEqual(first);
    // Kept under its bytes: a size known for one page is never given to another.
    const changed = page.replace("Café", "Cafe");
    expect(measureHtml(changed, new Map([[first.htmlHash, 1]])).htmlGzip).toBe(gzipSize(changed));
    expect(measureHtml(page, new Map([[first.htmlHash, 1]])).htmlGzip).toBe(1);
  });

  test("keeps only the pages of the last build", async () => {
    const [a, b] = [measureHtml(`${page}a`, new Map()), measureHtml(`${page}b`, new Map())];
    await writeHtmlSizes(dir, [a, b]);
    await writeHtmlSizes(dir, [b]);
    expect([...(await readHtmlSizes(dir)).keys()]).toEqual([b.htmlHash]);
  });

  test("starts afresh from a file cut short, one kept at another level, or no cache folder", async () => {
    await writeFile(path.join(dir, "html-gzip.json"), '{"level":9,"sizes":{"abc":1');
    expect((await readHtmlSizes(dir)).size).toBe(0);
    await writeFile(path.join(dir, "html-gzip.json"), JSON.stringify({ level: 6, sizes: { abc: 1 } }));
    expect((await readHtmlSizes(dir)).size).toBe(0);
    expect((await readHtmlSizes(undefined)).size).toBe(0);
  });
});
