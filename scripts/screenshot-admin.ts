import "./require-node.ts";
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs, promisify } from "node:util";
import { chromium, type Page } from "playwright-core";
import { serializeJson } from "../src/lib/island-wrapper.tsx";
import { CHROMIUM_ARGS } from "../tests/chromium-args.ts";
import { startDevServer } from "../tests/e2e/dev-server.ts";
import { stopServer } from "../tests/e2e/stop-server.ts";
import { photo } from "../tests/fixtures/images.ts";

/**
 * The screenshots of docs/editing.md's "Editing in the browser (/admin)", taken by hand (not part of npm test) after a
 * change to /admin: `npx tsx scripts/screenshot-admin.ts [--port 4400] [--out docs/screenshots]`.
 * It clones this repository into a temporary folder and runs `npm run dev -- --workflow` on the clone's content/ (ports
 * --port to --port + 2), so the editor sees production's workflow (save, In review, Ready, publish) and nothing here
 * is committed. Look at every picture before committing it.
 */
const ROOT = path.resolve(import.meta.dirname, "..");
const { values } = parseArgs({
  options: { port: { type: "string", default: "4400" }, out: { type: "string", default: "docs/screenshots" } },
});
const port = Number(values.port);
const outDir = path.resolve(ROOT, values.out);
const base = `http://127.0.0.1:${port}`;
const exec = promisify(execFile);

const work = await mkdtemp(path.join(tmpdir(), "screenshot-admin-"));
const repo = path.join(work, "site");
await exec("git", ["clone", "--quiet", ROOT, repo]);
const { server } = await startDevServer({
  cwd: ROOT,
  port,
  sesPort: port + 1, // the lead store takes port + 2
  leadsDir: path.join(work, "leads"),
  contentDir: path.join(repo, "content"),
  distDir: path.join(work, "dist"),
  timeoutMs: 180_000,
  args: ["--workflow"],
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: CHROMIUM_ARGS,
});
await mkdir(outDir, { recursive: true });

/** One picture, 1280×800 JPEG: the editor's screen, small enough for the docs (the budget is ~150 KB). */
async function shot(page: Page, name: string): Promise<void> {
  // Decap's toasts ("Entry saved") fade out; wait until none covers the toolbar.
  await page.locator(".Toastify__toast").waitFor({ state: "detached", timeout: 15_000 });
  await page.waitForTimeout(300); // the last transition of a menu or a pane
  const file = path.join(outDir, `admin-${name}.jpg`);
  await page.screenshot({ path: file, type: "jpeg", quality: 80 });
  console.log(`${path.relative(ROOT, file)}  ${Math.round((await stat(file)).size / 1024)} KB`);
}

/** The sign-in screen as production shows it: the same page with the GitHub backend in place of the local one. */
async function signInScreen(page: Page): Promise<void> {
  await page.route(`${base}/admin/`, async (route) => {
    const response = await route.fetch();
    const html = await response.text();
    const [whole, json] = /<script type="application\/json" id="cms-data">([\s\S]*?)<\/script>/.exec(html) ?? [];
    if (!whole || !json) throw new Error("/admin/ has no #cms-data");
    const data = JSON.parse(json) as { config: Record<string, unknown> };
    data.config.backend = { name: "github", repo: "acme/storefront", branch: "main", base_url: base };
    data.config.publish_mode = "editorial_workflow";
    const body = html.replace(whole, `<script type="application/json" id="cms-data">${serializeJson(data)}</script>`);
    await route.fulfill({ response, body });
  });
  await page.goto(`${base}/admin/`);
  await page.getByRole("button", { name: "Login with GitHub" }).waitFor();
  await shot(page, "sign-in");
  await page.unroute(`${base}/admin/`);
}

try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: "light" });
  const page = await context.newPage();
  page.on("dialog", (dialog) => void dialog.accept()); // "Are you sure you want to publish this entry?"
  // A picture of a broken editor is no use in the docs: say what went wrong on the page's console.
  page.on("console", (message) => {
    if (message.type() === "error") console.warn(`[admin console] ${message.text()}`);
  });
  page.on("pageerror", (error) => console.warn(`[admin page error] ${error.message}`));
  await signInScreen(page);

  await page.goto(`${base}/admin/`);
  await page.getByRole("button", { name: "Login" }).click();
  await page.getByRole("link", { name: "Articles" }).click();
  await page
    .getByRole("link", { name: /Astrology Consultation App/ })
    .first()
    .waitFor();
  await shot(page, "collections");

  await page.getByRole("link", { name: /Article$/ }).click();
  // The slug and id are left empty: the editor makes them from the title.
  await page.getByLabel("Title", { exact: true }).fill("What Our Clients Launched This Year");
  await page.getByLabel("Excerpt", { exact: true }).fill("Twelve apps, four countries, one checklist.");
  await page.getByLabel("Category", { exact: true }).click();
  await page.getByText("Business", { exact: true }).click();
  await page.getByLabel("Name", { exact: true }).fill("Ananya Rao");
  await page.getByLabel("Avatar", { exact: true }).fill("AR");
  await page.getByLabel("Bio", { exact: true }).fill("Ananya writes about launching apps.");
  await page.getByLabel("Date", { exact: true }).fill("2026-11-20");
  await page.getByRole("button", { name: "Choose an image" }).click();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: "clients-2026.jpg", mimeType: "image/jpeg", buffer: await photo(1600, 1000) });
  await page.getByRole("button", { name: "Choose selected" }).click();
  await page.getByLabel("Image alt (optional)", { exact: true }).fill("A hillside at dawn above the city");
  await page.getByLabel("Draft (optional)", { exact: true }).click();
  await page.locator('[data-slate-editor="true"]').click();
  await page.keyboard.type("This year our clients launched twelve apps under their own names.");
  const preview = page.frameLocator("iframe");
  await preview.getByRole("img", { name: "A hillside at dawn above the city" }).waitFor();
  await page.getByLabel("ID (optional)", { exact: true }).scrollIntoViewIfNeeded();
  await shot(page, "new-post");

  // The form from the alt text down (the draft switch), the preview down to the photo. The image field's own thumbnail
  // stays out of the picture: Decap loads it from the site, where the photo is only once the entry is published.
  await page.getByRole("button", { name: "Sync scrolling" }).click(); // so each pane keeps its own place
  await page
    .locator("label", { hasText: "Image alt (optional)" })
    .evaluate((label) => label.scrollIntoView({ block: "start" }));
  await preview.getByRole("button", { name: "Dark" }).click();
  await preview.getByRole("img", { name: "A hillside at dawn above the city" }).scrollIntoViewIfNeeded();
  await shot(page, "cover-photo-dark-preview");
  await preview.getByRole("button", { name: "Light" }).click();
  // The article goes live when merged, so it is no draft: the switch, shown on above, goes off again.
  await page.getByLabel("Draft (optional)", { exact: true }).click();

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await page.getByText("Entry saved").waitFor();
  await page.getByRole("button", { name: /^Status:/ }).click();
  await page.getByRole("menuitem", { name: "In review" }).waitFor();
  await shot(page, "status");
  await page.getByRole("menuitem", { name: "In review" }).click();
  await page.getByText("Entry status updated").waitFor();

  await page.getByRole("link", { name: /Writing in Articles collection/ }).click();
  await page.getByRole("link", { name: "Workflow" }).click();
  await page.getByText("What Our Clients Launched This Year").first().waitFor();
  await shot(page, "workflow");

  await page.getByText("What Our Clients Launched This Year").first().click();
  await page.getByRole("button", { name: /^Status:/ }).click();
  await page.getByRole("menuitem", { name: "Ready" }).click();
  await page.getByText("Entry status updated").waitFor();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await page.getByText("Publish now", { exact: true }).waitFor();
  await shot(page, "publish");
  await page.getByText("Publish now", { exact: true }).click();
  await page.getByText("Entry published").waitFor();

  await page.goto(`${base}/admin/#/collections/products`);
  await page.getByRole("link", { name: /^eSIM/ }).click();
  await page
    .getByLabel("Short description", { exact: true })
    .fill("Sell travel data plans in 190 countries under your own brand.");
  await page.getByLabel("Short description", { exact: true }).scrollIntoViewIfNeeded();
  await page.frameLocator("iframe").getByText("Sell travel data plans in 190 countries").first().waitFor();
  await shot(page, "product");

  // What the clone's history says: the article merged into the branch checked out, no cms/… branch left.
  const branch = (await exec("git", ["-C", repo, "branch", "--show-current"])).stdout.trim();
  const log = (await exec("git", ["-C", repo, "log", "--oneline", "-3", branch])).stdout.trim();
  const left = (await exec("git", ["-C", repo, "branch", "--list", "cms/*"])).stdout.trim();
  console.log(`\n${branch} in the clone:\n${log}\ncms/… branches left: ${left || "none"}`);
} finally {
  await browser.close();
  await stopServer(server);
  await rm(work, { recursive: true, force: true, maxRetries: 5 });
}
