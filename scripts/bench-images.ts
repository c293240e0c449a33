import "./require-node.ts";
import { spawnSync } from "node:child_process";
import { cp, mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS } from "../tests/chromium-args.ts";
import { CONTENT_TYPES } from "../src/lib/static-files.ts";
import { addImage, editPost, photo } from "../tests/fixtures/images.ts";

/**
 * `npm run bench:images`: what an editor's photos cost the build and what a visitor's browser downloads for them.
 * Copies content/ and drops in a dozen editor-sized images: a 4032×3024 phone photo (JPEG, about 3 MB) as the cover of
 * every article and of five portfolio projects, and two 2880×1800 PNG screenshots in article bodies. Then:
 *   - builds the copy cold (empty build cache) once and warm (same cache) --runs times, and prints the build's time
 *     and its image stage, so the cost of the photos and of the cache shows;
 *   - opens one article in Chromium as a 390 px phone at 3× and as a 1280 px laptop, and counts the bytes of every
 *     response for its cover: before this site made variants, both received the source file as it is.
 *
 *   --runs N       warm builds (default 3)
 *   --photo FILE   a JPEG of your own as that article's cover instead of the made-up photo (a real camera photo
 *                  compresses less well than the made-up one, which is smoother than life)
 */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const runsAt = process.argv.indexOf("--runs");
const RUNS = runsAt >= 0 ? Math.max(1, Number(process.argv[runsAt + 1]) || 3) : 3;
const photoAt = process.argv.indexOf("--photo");
const PHOTO = photoAt >= 0 ? process.argv[photoAt + 1] : undefined;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(", ");

const POSTS = [
  "launch-astrology-consultation-app",
  "quick-commerce-unit-economics",
  "saas-script-server-checklist",
  "whatsapp-business-api-marketing-playbook",
  "white-label-vs-custom-build-cost",
];
const PROJECTS = [
  "ankshastra-numerology",
  "basketly-quick-grocery",
  "chatcart-whatsapp-store",
  "homenest-property-leads",
  "parcelpath-courier-tracking",
];
const ARTICLE = "quick-commerce-unit-economics";
const ORIGIN = "http://bench.test";

const work = await mkdtemp(path.join(tmpdir(), "bench-images-"));
const contentDir = path.join(work, "content");
const cacheDir = path.join(work, "cache");
const outDir = path.join(work, "dist");
try {
  await cp(path.join(rootDir, "content"), contentDir, { recursive: true });
  let seed = 1;
  for (const slug of POSTS) {
    const served = `/images/blog/${slug}-photo.jpg`;
    const own = slug === ARTICLE && PHOTO ? await readFile(PHOTO) : undefined;
    await addImage(contentDir, served, own ?? (await photo(4032, 3024, "jpeg", seed++)));
    await editPost(path.join(contentDir, "blog", `${slug}.md`), { image: served, imageAlt: `The ${slug} cover photo` });
  }
  for (const id of PROJECTS) {
    const file = path.join(contentDir, "portfolio", `${id}.yaml`);
    const served = `/images/portfolio/${id}-photo.jpg`;
    await addImage(contentDir, served, await photo(4032, 3024, "jpeg", seed++));
    await editPost(file, { image: served }, `imageAlt: "The ${id} app on a phone"\n`);
  }
  for (const slug of POSTS.slice(0, 2)) {
    const served = `/images/blog/${slug}-screen.png`;
    await addImage(contentDir, served, await photo(2880, 1800, "png", seed++));
    await editPost(path.join(contentDir, "blog", `${slug}.md`), {}, `\n![The app's order screen](${served})\n`);
  }
  const source = path.join(contentDir, "images/blog", `${ARTICLE}-photo.jpg`);
  console.log(`Load average ${load()}. 12 photos and screenshots added to a copy of content/ in ${work}.`);

  const buildOnce = (label: string) => {
    const t0 = performance.now();
    const run = spawnSync(
      process.execPath,
      ["--import", "tsx", "build/cli.ts", "--content", contentDir, "--out", outDir, "--cache", cacheDir],
      { cwd: rootDir, encoding: "utf8", env: { ...process.env, SITE_ENV: "" } },
    );
    const wall = performance.now() - t0;
    if (run.status !== 0) throw new Error(`The build failed:\n${run.stdout}\n${run.stderr}`);
    const line = (stage: string) => run.stdout.split("\n").find((l) => l.startsWith(`[${stage}]`)) ?? "";
    console.log(`${label}: process ${Math.round(wall)} ms; ${line("build")}; ${line("images")}`);
  };
  buildOnce("cold build");
  for (let i = 1; i <= RUNS; i += 1) buildOnce(`warm build ${i}`);

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  const received = async (label: string, options: { width: number; height: number; scale: number }) => {
    const context = await browser.newContext({
      viewport: { width: options.width, height: options.height },
      deviceScaleFactor: options.scale,
    });
    await context.route(`${ORIGIN}/**`, async (route) => {
      const { pathname } = new URL(route.request().url());
      const base = path.join(outDir, decodeURIComponent(pathname));
      for (const file of [base, path.join(base, "index.html")]) {
        if ((await stat(file).catch(() => undefined))?.isFile())
          return route.fulfill({
            body: await readFile(file),
            contentType: CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream",
          });
      }
      return route.fulfill({ status: 404, body: "" });
    });
    await context.route(/^(?!http:\/\/bench\.test)/, (route) => route.abort());
    const page = await context.newPage();
    const cover = new Map<string, number>();
    page.on("response", async (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.includes(`${ARTICLE}-photo`)) cover.set(pathname, (await response.body()).length);
    });
    await page.goto(`${ORIGIN}/blog/${ARTICLE}`, { waitUntil: "load" });
    await page.waitForTimeout(500);
    await context.close();
    const files = [...cover].map(([file, bytes]) => `${path.basename(file)} ${(bytes / 1024).toFixed(1)} KB`);
    console.log(`${label}: the cover's responses: ${files.join(", ") || "none"}`);
  };
  console.log(`\nThe cover's source: ${path.basename(source)}, ${((await stat(source)).size / 1024).toFixed(0)} KB`);
  await received("390 px phone at 3x", { width: 390, height: 844, scale: 3 });
  await received("1280 px laptop at 1x", { width: 1280, height: 800, scale: 1 });
  await browser.close();
  console.log(`Load average ${load()}.`);
} finally {
  await rm(work, { recursive: true, force: true });
}
