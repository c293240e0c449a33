import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { CONTENT_TYPES } from "../../src/lib/static-files.ts";
import { contentWith, ROOT } from "../fixtures/content.ts";
import { addImage, editPost, photo } from "../fixtures/images.ts";
import { expect, test } from "./fixtures.ts";

/**
 * What a phone and a laptop download for an article whose editor dropped in a 4000×3000 phone photo as the cover and a
 * 2880×1800 screenshot in the body. The site is built from a copy of content/ with those two files and served from
 * its folder by the browser context itself (no server of its own), so every byte the page receives is counted.
 */
const ORIGIN = "http://photos.test";
const ARTICLE = "/blog/quick-commerce-unit-economics";
let work: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  work = await mkdtemp(path.join(tmpdir(), "images-e2e-"));
  const content = await contentWith();
  try {
    await addImage(content.dir, "/images/blog/cover-photo.jpg", await photo(4000, 3000));
    await addImage(content.dir, "/images/blog/order-screen.png", await photo(2880, 1800, "png", 2));
    await editPost(
      path.join(content.dir, "blog/quick-commerce-unit-economics.md"),
      { image: "/images/blog/cover-photo.jpg", imageAlt: "A courier handing a grocery bag over at a front door" },
      "\n![The order screen of the store app](/images/blog/order-screen.png)\n",
    );
    const run = spawnSync(
      process.execPath,
      ["--import", "tsx", "build/cli.ts", "--content", content.dir, "--out", path.join(work, "dist")],
      { cwd: ROOT, encoding: "utf8", env: { ...process.env, SITE_ENV: "" } },
    );
    expect(run.status, run.stderr).toBe(0);
  } finally {
    await content.cleanup();
  }
});
test.afterAll(() => rm(work, { recursive: true, force: true }));

/** Serves the built folder to the context: a path, else its index.html, else 404. */
async function serveBuild(context: BrowserContext): Promise<void> {
  await context.route(`${ORIGIN}/**`, async (route) => {
    const { pathname } = new URL(route.request().url());
    const base = path.join(work, "dist", decodeURIComponent(pathname));
    for (const file of [base, path.join(base, "index.html")]) {
      if ((await stat(file).catch(() => undefined))?.isFile()) {
        return route.fulfill({
          body: await readFile(file),
          contentType: CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream",
        });
      }
    }
    return route.fulfill({ status: 404, body: "" });
  });
  // No analytics or other sites: only the built files count.
  await context.route(/^(?!http:\/\/photos\.test)/, (route) => route.abort());
}

/** Bytes of every image response the page receives, by path, from now on. */
function countImages(page: Page): Map<string, number> {
  const received = new Map<string, number>();
  page.on("response", async (response) => {
    const { pathname } = new URL(response.url());
    if (!pathname.startsWith("/images/")) return;
    received.set(pathname, (await response.body()).length);
  });
  return received;
}

const coverFiles = (received: Map<string, number>) => [...received].filter(([file]) => file.includes("cover-photo"));

test("a 390 px phone receives one small AVIF of the cover, and the screenshot only when scrolled to it", async ({
  browser,
}) => {
  // Not Playwright's isMobile: its emulation picks from srcset before the viewport meta applies (a 980 px layout), which
  // a phone's own preload scanner does not; the 390 px viewport at 3× is what `sizes` is chosen against.
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
  });
  await serveBuild(context);
  const page = await context.newPage();
  const received = countImages(page);
  await page.goto(`${ORIGIN}${ARTICLE}`, { waitUntil: "load" });
  await expect.poll(() => coverFiles(received).length).toBe(1);
  const [[file, bytes] = ["", 0]] = coverFiles(received);
  expect(file).toBe("/images/blog/cover-photo.1200w.avif");
  expect(bytes).toBeLessThan(60 * 1024);
  expect([...received.keys()].some((f) => f.includes("order-screen"))).toBe(false);

  const screenshot = page.getByRole("img", { name: "The order screen of the store app" });
  await screenshot.scrollIntoViewIfNeeded();
  await expect.poll(() => screenshot.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain("order-screen");
  expect(await screenshot.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toBe(
    "/images/blog/order-screen.1200w.avif",
  );
  // The box was reserved at the true shape before the file came: 2880×1800 is 16:10.
  const box = await screenshot.boundingBox();
  expect((box?.width ?? 0) / (box?.height ?? 1)).toBeCloseTo(1.6, 1);
  await context.close();
});

test("a 1280 px laptop receives the 800 px AVIF of the cover", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await serveBuild(context);
  const page = await context.newPage();
  const received = countImages(page);
  await page.goto(`${ORIGIN}${ARTICLE}`, { waitUntil: "load" });
  await expect.poll(() => coverFiles(received).length).toBe(1);
  expect(coverFiles(received)[0]?.[0]).toBe("/images/blog/cover-photo.800w.avif");
  await context.close();
});
