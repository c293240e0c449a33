import type { ChildProcess } from "node:child_process";
import { cp, mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { createServer, request as httpRequest, type OutgoingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { expect as playwrightExpect, test } from "@playwright/test";
import { blogPostSchema } from "../../src/schemas/blog-post.ts";
import { AdminEditor, frontMatter } from "./admin-editor.ts";
import { devServerPorts, startDevServer } from "./dev-server.ts";
import { stopServer } from "./stop-server.ts";

/** Decap answers in seconds on a 2-core machine running two browsers and the dev server's rebuilds, not in 5. */
const expect = playwrightExpect.configure({ timeout: 20_000 });

/**
 * /admin as an editor uses it, on `npm run dev` (ports E2E_PORT + 4, E2E_SES_PORT + 4 and + 5) over a copy of
 * content/: Decap CMS saves through the dev server's backend (decap-server's handlers) into the copy, and the dev site
 * rebuilds.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const { port: PORT, sesPort: SES_PORT, base: BASE } = devServerPorts(4);

let work: string;
let contentDir: string;
let server: ChildProcess;

test.describe.configure({ mode: "serial", timeout: 180_000 });
// A step that cannot happen fails within a minute, naming its locator, instead of using up the test's whole time; dates
// are typed in the order the en-US picker shows, whatever the machine's locale.
test.use({ actionTimeout: 30_000, navigationTimeout: 60_000, locale: "en-US" });

test.beforeAll(async () => {
  test.setTimeout(180_000); // the first build of a fresh copy, and /admin's bundle when the cache has none
  work = await mkdtemp(path.join(tmpdir(), "admin-"));
  contentDir = path.join(work, "content");
  await cp(path.join(ROOT, "content"), contentDir, { recursive: true });
  ({ server } = await startDevServer({
    cwd: ROOT,
    port: PORT,
    sesPort: SES_PORT,
    leadsDir: path.join(work, "leads"),
    contentDir,
    distDir: path.join(work, "dist"),
    timeoutMs: 170_000,
  }));
});

test.afterAll(async () => {
  await stopServer(server);
  await rm(work, { recursive: true, force: true, maxRetries: 5 });
});

/** The file's text once decap-server has written it to the end (it writes in place: the name shows before the text). */
async function written(file: string, end: string): Promise<string> {
  const read = () => readFile(file, "utf8").catch(() => "");
  await expect.poll(async () => (await read()).includes(end), { timeout: 30_000 }).toBe(true);
  return read();
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
  const editor = new AdminEditor(page);
  await editor.open(BASE);
  const adminBytes = [...editor.loaded.values()].reduce((sum, bytes) => sum + bytes, 0);
  const dist = path.join(work, "dist");
  const gzipBytes = (
    await Promise.all(
      [...editor.loaded.keys()]
        // The editor's files; not what its backend answered (/admin/api/v1).
        .filter((url) => url.startsWith(`${BASE}/admin/`) && !url.startsWith(`${BASE}/admin/api/`))
        .map(async (url) => {
          const file = new URL(url).pathname.replace(/\/$/, "/index.html");
          return gzipSync(await readFile(path.join(dist, file)), { level: 9 }).length;
        }),
    )
  ).reduce((sum, bytes) => sum + bytes, 0);

  await editor.click(page.getByRole("link", { name: "Articles" }));
  editor.clicks = 0;
  const started = performance.now();
  await editor.writePost({
    slug: "editor-first-post",
    title: "Written in the Browser",
    cover: "editor-cover.jpg",
    width: 4000,
    height: 3000,
  });
  await editor.click(page.getByLabel("Draft (optional)", { exact: true }));
  await editor.writeBody("Editors can now publish from the browser.");
  await editor.click(page.getByRole("button", { name: "Publish" }));
  await editor.click(page.getByText("Publish now", { exact: true }));

  const file = path.join(contentDir, "blog/editor-first-post.md");
  const text = await written(file, "Editors can now publish from the browser.");
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `[admin] New post → file on disk: ${editor.clicks} clicks, ${seconds.toFixed(1)} s; /admin loaded ${Math.round(adminBytes / 1024)} KB (${Math.round(gzipBytes / 1024)} KB gzip)`,
  );
  test.info().annotations.push({ type: "measure", description: `${editor.clicks} clicks, ${seconds.toFixed(1)} s` });

  const post = blogPostSchema.parse(frontMatter(text));
  expect(post).toMatchObject({
    slug: "editor-first-post",
    draft: true,
    image: "/images/blog/editor-cover.jpg",
    imageAlt: "A hillside at dawn",
    date: "2026-11-20",
  });
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
  const editor = new AdminEditor(page);
  await editor.open(BASE);
  await editor.click(page.getByRole("link", { name: "Products" }));
  await editor.click(page.getByRole("link", { name: /^eSIM/ }));
  const text = "Sell travel data plans under your own brand, edited from the browser.";
  await page.getByLabel("Short description", { exact: true }).fill(text);
  await editor.click(page.getByRole("button", { name: "Publish" }));
  await editor.click(page.getByText("Publish now", { exact: true }));
  await expect
    .poll(async () => readFile(path.join(contentDir, "products/esim.yaml"), "utf8"), { timeout: 30_000 })
    .toContain(text);
  // A one-field edit is a one-field diff: every other line, its order, quoting and folding, stays as it was.
  const after = (await readFile(path.join(contentDir, "products/esim.yaml"), "utf8")).split("\n");
  expect(after.filter((line) => !before.includes(line))).toEqual([`shortDescription: ${text}`]);
  expect(before.filter((line) => !after.includes(line))).toEqual([expect.stringMatching(/^shortDescription: /)]);
  expect(after).toHaveLength(before.length);
  const site = await page.context().newPage();
  await expect(async () => {
    await site.goto(`${BASE}/products/esim`);
    await expect(site.locator("body")).toContainText(text);
  }).toPass({ timeout: 60_000 });
});

/** A POST of `body` as JSON from outside any browser, with headers of our choosing (a forged Host too). */
function post(url: string, body: unknown, headers: OutgoingHttpHeaders): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: "POST", headers: { "content-type": "application/json", ...headers } });
    req.on("error", reject);
    req.on("response", async (res) => {
      let text = "";
      for await (const chunk of res) text += chunk;
      resolve({ status: res.statusCode ?? 0, text });
    });
    req.end(JSON.stringify(body));
  });
}

/** Where the built /admin saves, as its configuration names it. */
async function adminBackend(): Promise<string> {
  const html = await readFile(path.join(work, "dist/admin/index.html"), "utf8");
  const json = /<script type="application\/json" id="cms-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "{}";
  const { config } = JSON.parse(json) as { config: { backend: { proxy_url: string } } };
  return new URL(config.backend.proxy_url, BASE).href;
}

test("the editor's backend refuses another local page, a forged Host and every path outside content/, and writes nothing", async ({
  page,
}) => {
  const api = await adminBackend();
  const files = async () => (await readdir(work, { recursive: true })).filter((f) => !/^(dist|leads)\b/.test(f)).sort();
  const before = await files();
  const read = (file: string) => ({ action: "getEntry", params: { branch: "main", path: file } });
  const write = (file: string) => ({
    action: "persistEntry",
    params: {
      branch: "main",
      entry: { slug: "x", path: file, raw: "written by someone else" },
      assets: [],
      options: { commitMessage: "x", useWorkflow: false, status: "draft" },
    },
  });

  // Another app served on this machine, open in the editor's browser, calls the backend.
  const otherApp = createServer((_req, res) => res.end("<title>Other app</title>"));
  await new Promise<void>((resolve) => otherApp.listen(PORT + 1, "127.0.0.1", resolve));
  await page.goto(`http://127.0.0.1:${PORT + 1}/`).finally(() => otherApp.close());
  const answers = await page.evaluate(
    async ({ api, bodies }) =>
      Promise.all(
        bodies.map(async ([body, mode]) => {
          const headers = mode === "cors" ? { "content-type": "application/json" } : undefined;
          const init = { method: "POST", mode, headers, body: JSON.stringify(body) } as const;
          return fetch(api, init).then(
            async (res) => (res.type === "opaque" ? "opaque" : `${res.status} ${await res.text()}`),
            () => "refused",
          );
        }),
      ),
    {
      api,
      bodies: [
        [read("content/site.yaml"), "cors"],
        [write("content/blog/from-another-page.md"), "cors"],
        [write("content/blog/from-another-page.md"), "no-cors"],
      ] as [unknown, RequestMode][],
    },
  );
  // A no-cors request is sent without asking first and its answer is never readable (Chromium may drop it as a network
  // error): what it did is told by the files, checked below.
  expect(answers).toEqual(["refused", "refused", expect.stringMatching(/^(opaque|refused)$/)]);

  // DNS rebinding: a name of the attacker's that resolves to 127.0.0.1, so the page's origin and Host are both its own.
  const { port } = new URL(api);
  const rebound = { host: `rebind.evil.example:${port}`, origin: `http://rebind.evil.example:${port}` };
  expect((await post(api, read("content/site.yaml"), rebound)).status).toBe(403);
  expect((await post(api, write("content/blog/rebound.md"), rebound)).status).toBe(403);

  // From /admin's own origin, every path outside content/, plainly or encoded.
  const outside = [
    "build/evil.ts",
    "src/evil.ts",
    ".git/hooks/pre-commit",
    "../evil.md",
    "content/../src/evil.ts",
    "content/%2e%2e/src/evil.ts",
    "content/..%2fsrc%2fevil.ts",
  ];
  for (const file of outside) {
    expect((await post(api, write(file), { origin: BASE })).status, file).toBe(403);
    expect((await post(api, read(file), { origin: BASE })).status, file).toBe(403);
  }
  const media = {
    action: "persistMedia",
    params: {
      branch: "main",
      asset: { path: "src/evil.js", content: "", encoding: "base64" },
      options: { commitMessage: "x" },
    },
  };
  expect((await post(api, media, { origin: BASE })).status).toBe(403);

  expect(await files()).toEqual(before);
  expect(await exists(path.join(work, "../evil.md"))).toBe(false);
  // The editor itself still reads through it.
  const own = await post(api, read("content/site.yaml"), { origin: BASE });
  expect(own.status).toBe(200);
  expect(own.text).toContain("Nexaworks");
});

test("an entry opened by its address is the one shown, and the preview draws a price typed amount first", async ({
  page,
}) => {
  const editor = new AdminEditor(page);
  await editor.open(BASE);
  // An entry opened by its address, then another by its address: the second is shown, not the first.
  await page.goto(`${BASE}/admin/#/collections/products/entries/esim`);
  await expect(page.getByLabel("Name", { exact: true }).first()).toHaveValue("eSIM");
  await page.goto(`${BASE}/admin/#/collections/products/entries/askway`);
  await expect(page.getByLabel("Name", { exact: true }).first()).toHaveValue("Askway", { timeout: 30_000 });

  // A price typed amount first: the preview says what it waits for, then draws the price once it has its currency.
  const preview = page.frameLocator("iframe");
  await page.getByLabel("Amount (optional)", { exact: true }).fill("59");
  await expect(preview.getByRole("status", { name: "Not drawn yet" })).toContainText("price.currency");
  await page.getByLabel("Currency (optional)", { exact: true }).fill("USD");
  await expect(preview.getByText("$59")).toBeVisible();
  await expect(preview.getByRole("status", { name: "Not drawn yet" })).toHaveCount(0);

  await page.close();
});

test("an article is refused before the save with the build's words on a duplicate slug, a typed day that is none and a link to no page; a table's right column is aligned in the preview", async ({
  page,
}) => {
  const editor = new AdminEditor(page);
  await editor.open(BASE);
  const preview = page.frameLocator("iframe");
  // A new article with another's slug, a date typed by keyboard that is no day and a mistyped link: refused before
  // the save, on the fields, in the build's words; nothing is written.
  await page.goto(`${BASE}/admin/#/collections/posts/new`);
  await editor.fillPost({ title: "Quick Commerce, Again" });
  await page.getByLabel("Slug (optional)", { exact: true }).fill("quick-commerce-unit-economics");
  const date = page.getByLabel("Date", { exact: true });
  await expect(date).toHaveValue("");
  await date.focus();
  await page.keyboard.type("02302026");
  const link = "Ask [us](/contcat) about it.";
  await editor.writeTable(link);
  await editor.click(page.getByRole("button", { name: "Publish" }));
  await editor.click(page.getByText("Publish now", { exact: true }));
  await expect(
    page.getByText(
      /^Duplicate slug "quick-commerce-unit-economics": content\/blog\/quick-commerce-unit-economics\.md uses it already; give each file its own slug/,
    ),
  ).toBeVisible();
  await expect(page.getByText(/Not a day of the calendar/)).toBeVisible();
  await expect(page.getByText("No page or file at /contcat; did you mean /contact?")).toBeVisible();

  // Fixed: the slug emptied is made from the title (and the id from it), the date stored as the picker shows it.
  await page.getByLabel("Slug (optional)", { exact: true }).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Backspace");
  await date.focus();
  await page.keyboard.type("11202026");
  await expect(date).toHaveValue("2026-11-20");

  // A table with a right-aligned column, written in the body: the preview aligns it as the site does.
  await editor.replaceBody(link, "| Plan | Price |\n| --- | ---: |\n| Basic | 25,000 |");
  const cell = preview.getByRole("cell", { name: "25,000" });
  await expect(cell).toHaveCSS("text-align", "right");

  await editor.click(page.getByRole("button", { name: "Publish" }));
  await editor.click(page.getByText("Publish now", { exact: true }));
  const file = path.join(contentDir, "blog/quick-commerce-again.md");
  const text = await written(file, "| Basic | 25,000 |");
  const post = frontMatter(text);
  expect(post).toMatchObject({ id: "quick-commerce-again", slug: "quick-commerce-again", date: "2026-11-20" });
  expect(text).toContain("| --- | ---: |");
  expect(await exists(path.join(contentDir, "blog/quick-commerce-unit-economics-1.md"))).toBe(false);
});

test("an FAQ question asked twice is refused before the save, told on that question's own field", async ({ page }) => {
  const editor = new AdminEditor(page);
  await editor.open(BASE);
  await page.goto(`${BASE}/admin/#/collections/faq/entries/faq`);
  const expand = (summary: string) =>
    editor.click(page.getByText(summary, { exact: true }).locator("xpath=preceding-sibling::*[1]//button").first());
  await expand("Purchasing & Licensing");
  await expand("Where do I buy your products?");
  const question = page.getByRole("textbox", { name: "Q", exact: true }).and(page.locator(":visible")).first();
  await question.fill("Who is Nexaworks Apps?");
  await editor.click(page.getByRole("button", { name: "Publish" }));
  await editor.click(page.getByText("Publish now", { exact: true }));
  const told = page.getByText(/^Duplicate question "Who is Nexaworks Apps\?": categories\[0\]\.questions\[0\]\.q asks/);
  await expect(told).toBeVisible();
  await expect(told.locator("xpath=ancestor::*[.//input][1]//input")).toHaveValue("Who is Nexaworks Apps?");
});
