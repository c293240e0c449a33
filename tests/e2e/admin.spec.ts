import type { ChildProcess } from "node:child_process";
import { cp, mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { parse } from "yaml";
import { blogPostSchema } from "../../src/schemas/blog-post.ts";
import { photo } from "../fixtures/images.ts";
import { startDevServer } from "./dev-server.ts";
import { stopServer } from "./stop-server.ts";

/**
 * /admin as an editor uses it, on `npm run dev` (ports E2E_PORT + 20, E2E_SES_PORT + 20, decap-server on
 * E2E_PORT + 80) over a copy of content/: Decap CMS saves through decap-server into the copy, and the dev site rebuilds.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const PORT = Number(process.env.E2E_PORT ?? 4173) + 20;
const SES_PORT = Number(process.env.E2E_SES_PORT ?? 8025) + 20;
const CMS_PORT = Number(process.env.E2E_PORT ?? 4173) + 80;
const BASE = `http://127.0.0.1:${PORT}`;

let work: string;
let contentDir: string;
let server: ChildProcess;

test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000); // the first build of a fresh copy, and /admin's bundle when the cache has none
  work = await mkdtemp(path.join(tmpdir(), "admin-"));
  contentDir = path.join(work, "content");
  await cp(path.join(ROOT, "content"), contentDir, { recursive: true });
  ({ server } = await startDevServer(
    ROOT,
    {
      PORT: String(PORT),
      SES_PORT: String(SES_PORT),
      DYNAMO_PORT: String(SES_PORT + 1),
      CMS_PORT: String(CMS_PORT),
      LEADS_DIR: path.join(work, "leads"),
      CONTENT_DIR: contentDir,
      DIST_DIR: path.join(work, "dist"),
    },
    170_000,
  ));
});

test.afterAll(async () => {
  await stopServer(server);
  await rm(work, { recursive: true, force: true, maxRetries: 5 });
});

/** Clicks an editor makes, counted for the note (what it costs to publish from /admin). */
let clicks = 0;
async function click(target: Locator): Promise<void> {
  clicks += 1;
  await target.click();
}

/** Opens /admin and signs in to the local backend; returns what the page loaded, by URL, in bytes. */
async function openAdmin(page: Page): Promise<Map<string, number>> {
  const loaded = new Map<string, number>();
  page.on("requestfinished", async (request) => {
    loaded.set(request.url(), (await request.sizes()).responseBodySize);
  });
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  await page.goto(`${BASE}/admin/`);
  await click(page.getByRole("button", { name: "Login" }));
  await expect(page.getByRole("link", { name: "Articles" })).toBeVisible({ timeout: 30_000 });
  expect(problems).toEqual([]);
  return loaded;
}

/** Front matter and body of a markdown file. */
function frontMatter(text: string): unknown {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
  return parse(match?.[1] ?? "");
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

test("an article with a photo cover, saved as a draft, is written to content/ and shown under its Draft banner", async ({
  page,
}) => {
  const loaded = await openAdmin(page);
  const adminBytes = [...loaded.values()].reduce((sum, bytes) => sum + bytes, 0);
  const dist = path.join(work, "dist");
  const gzipBytes = (
    await Promise.all(
      [...loaded.keys()]
        .filter((url) => url.startsWith(`${BASE}/admin/`))
        .map(async (url) => {
          const file = new URL(url).pathname.replace(/\/$/, "/index.html");
          return gzipSync(await readFile(path.join(dist, file)), { level: 9 }).length;
        }),
    )
  ).reduce((sum, bytes) => sum + bytes, 0);

  await click(page.getByRole("link", { name: "Articles" }));
  clicks = 0;
  const started = performance.now();
  await click(page.getByRole("link", { name: /Article$/ }));
  await page.getByLabel("ID", { exact: true }).fill("editor-first-post");
  await page.getByLabel("Slug", { exact: true }).fill("editor-first-post");
  await page.getByLabel("Title", { exact: true }).fill("Written in the Browser");
  await page.getByLabel("Excerpt", { exact: true }).fill("An article an editor wrote at /admin, with a photo.");
  await click(page.getByLabel("Category", { exact: true }));
  await click(page.getByText("Business", { exact: true }));
  await page.getByLabel("Name", { exact: true }).fill("Ananya Rao");
  await page.getByLabel("Avatar", { exact: true }).fill("AR");
  await page.getByLabel("Bio", { exact: true }).fill("Ananya writes about launching apps.");
  await page.getByLabel("Date", { exact: true }).fill("2026-11-20");
  await click(page.getByRole("button", { name: "Choose an image" }));
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: "editor-cover.jpg", mimeType: "image/jpeg", buffer: await photo(4000, 3000) });
  await click(page.getByRole("button", { name: "Choose selected" }));
  await page.getByLabel("Image alt (optional)", { exact: true }).fill("A hillside at dawn");
  // The preview is the article as the site draws it, with the photo just picked (not on the server yet).
  const preview = page.frameLocator("iframe");
  await expect(preview.getByRole("heading", { level: 1, name: "Written in the Browser" })).toBeVisible();
  await expect(preview.getByRole("img", { name: "A hillside at dawn" })).toHaveAttribute("src", /^blob:/);
  await click(page.getByLabel("Draft (optional)", { exact: true }));
  await click(page.locator('[data-slate-editor="true"]'));
  await page.keyboard.type("Editors can now publish from the browser.");
  await click(page.getByRole("button", { name: "Publish" }));
  await click(page.getByText("Publish now", { exact: true }));

  const file = path.join(contentDir, "blog/editor-first-post.md");
  await expect.poll(() => exists(file), { timeout: 30_000 }).toBe(true);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `[admin] New post → file on disk: ${clicks} clicks, ${seconds.toFixed(1)} s; /admin loaded ${Math.round(adminBytes / 1024)} KB (${Math.round(gzipBytes / 1024)} KB gzip)`,
  );
  test.info().annotations.push({ type: "measure", description: `${clicks} clicks, ${seconds.toFixed(1)} s` });

  const post = blogPostSchema.parse(frontMatter(await readFile(file, "utf8")));
  expect(post).toMatchObject({
    slug: "editor-first-post",
    draft: true,
    image: "/images/blog/editor-cover.jpg",
    imageAlt: "A hillside at dawn",
    date: "2026-11-20",
  });
  expect(await readFile(file, "utf8")).toContain("Editors can now publish from the browser.");
  expect(await exists(path.join(contentDir, "images/blog/editor-cover.jpg"))).toBe(true);

  const site = await page.context().newPage();
  await expect(async () => {
    await site.goto(`${BASE}/blog/editor-first-post`);
    await expect(site.getByRole("heading", { level: 1, name: "Written in the Browser" })).toBeVisible();
  }).toPass({ timeout: 90_000 });
  await expect(site.getByRole("note", { name: "Draft" })).toContainText("Not published: its file says draft: true.");
  await expect(site.getByRole("img", { name: "A hillside at dawn" })).toBeVisible();
});

test("a product's short description edited in /admin shows on its product page", async ({ page }) => {
  const before = (await readFile(path.join(contentDir, "products/esim.yaml"), "utf8")).split("\n");
  await openAdmin(page);
  await click(page.getByRole("link", { name: "Products" }));
  await click(page.getByRole("link", { name: /^eSIM/ }));
  const text = "Sell travel data plans under your own brand, edited from the browser.";
  await page.getByLabel("Short description", { exact: true }).fill(text);
  await click(page.getByRole("button", { name: "Publish" }));
  await click(page.getByText("Publish now", { exact: true }));
  await expect
    .poll(async () => readFile(path.join(contentDir, "products/esim.yaml"), "utf8"), { timeout: 30_000 })
    .toContain(text);
  // Fields the editor left alone stay as they were: no empty price appears, so the build still accepts the file.
  const after = (await readFile(path.join(contentDir, "products/esim.yaml"), "utf8")).split("\n");
  expect(after.join("\n")).not.toMatch(/^price:/m);
  // The editor's autocompletion line stays first, and lines nobody edited are not rewrapped.
  expect(after[0]).toBe("# yaml-language-server: $schema=../.schemas/product.json");
  const changed = after.filter((line) => !before.includes(line));
  console.log(`[admin] the product file after the edit: ${changed.length} of ${after.length} lines new`);
  expect(changed.filter((line) => line.startsWith("  - "))).toEqual([]);
  const site = await page.context().newPage();
  await expect(async () => {
    await site.goto(`${BASE}/products/esim`);
    await expect(site.locator("body")).toContainText(text);
  }).toPass({ timeout: 60_000 });
});
