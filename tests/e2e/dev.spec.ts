import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdtemp, readFile, rename, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { type DevServer, devServerPorts, startDevServer } from "./dev-server.ts";
import { stopServer } from "./stop-server.ts";

/**
 * `npm run dev` as editors and developers use it: started on content the build refuses, content edited the way
 * editors' tools save files, and a code mistake in src/, each shown over the open page; then killed. One server (ports
 * E2E_PORT + 2, E2E_SES_PORT + 2 and + 3) runs from a copy of the project, so breaking a component or a content file
 * never touches the checkout other tests build from; its first good build is paid once for every kind of edit.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const { port: PORT, sesPort: SES_PORT, base: BASE } = devServerPorts(2);
const COMPONENT = "src/components/site-footer.tsx";
/** A file the build refuses (articles are .md files), there when the server starts. */
const STRAY = "blog/notes.txt";

let work: string;
let project: string;
let contentDir: string;
let dev: DevServer | undefined;
/** Each good build after a save logs "site ready". */
const goodRebuilds = () => (dev?.output() ?? "").split("site ready").length - 1;

/** Saves like most editors do: write a temporary file, then rename it over the original (an atomic save). */
async function atomicSave(file: string, change: (text: string) => string): Promise<void> {
  const target = path.join(contentDir, file);
  const text = change(await readFile(target, "utf8"));
  await writeFile(`${target}.tmp-save`, text);
  await rename(`${target}.tmp-save`, target);
}
async function saveInPlace(file: string, change: (text: string) => string): Promise<void> {
  const target = path.join(contentDir, file);
  await writeFile(target, change(await readFile(target, "utf8")));
}

// In order, in one worker, with one server; a test that fails does not skip the rest (they get a new server).
test.describe.configure({ mode: "default", timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000); // the first build of a fresh copy; a hook does not take the describe's timeout
  work = await mkdtemp(path.join(tmpdir(), "dev-"));
  project = path.join(work, "project");
  // Beside the project, not in it, as an editor's CONTENT_DIR may be: the server must watch and name it all the same.
  contentDir = path.join(work, "content");
  await cp(path.join(ROOT, "content"), contentDir, { recursive: true });
  const parts = ["src", "build", "server", "public", "lambdas", "scripts", "package.json", "tsconfig.json"];
  // The build cache too, when there is one: share cards and PDFs are then read, not drawn again.
  for (const part of [...parts, ".cache"]) {
    if (existsSync(path.join(ROOT, part)))
      await cp(path.join(ROOT, part), path.join(project, part), { recursive: true });
  }
  await symlink(path.join(ROOT, "node_modules"), path.join(project, "node_modules"), "dir");
  await writeFile(path.join(contentDir, STRAY), "Ideas for next month's articles.\n");
  dev = await startDevServer({
    cwd: project,
    port: PORT,
    sesPort: SES_PORT,
    leadsDir: path.join(project, ".data"),
    contentDir,
    distDir: path.join(project, "dist"),
    timeoutMs: 100_000,
  });
});

test.afterAll(async () => {
  await stopServer(dev?.server);
  await rm(work, { recursive: true, force: true, maxRetries: 5 });
});

// First: every other test needs the good build that removing the stray file brings.
test("started on content the build refuses, it serves the errors over the page, and the first good save brings the site and its API", async ({
  page,
  request,
}) => {
  const overlay = page.getByRole("alertdialog", { name: "The build failed" });
  const inquiry = {
    ...{ name: "Ann Lee", email: "ann@example.com", mobile: "+14155550100", company: "ACME", product: "eSIM" },
    ...{ message: "We would like a quote for a travel data brand.", elapsedMs: 9000 },
  };
  try {
    await page.goto(`${BASE}/about`);
    await expect(overlay).toBeVisible({ timeout: 30_000 });
    await expect(overlay).toContainText(`content/${STRAY}: Ignored file`);
    const waiting = await request.post(`${BASE}/api/send-product-inquiry`, { data: inquiry });
    expect(waiting.status()).toBe(503);
    expect(await waiting.json()).toEqual({
      success: false,
      error: "The local API starts once content/ is valid: fix the errors the build shows",
    });
  } finally {
    await rm(path.join(contentDir, STRAY), { force: true });
  }
  await expect(overlay).toBeHidden({ timeout: 100_000 });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The handlers take their catalogue from that good build's content, a moment after the page shows it.
  await expect(async () => {
    const answer = await request.post(`${BASE}/api/send-product-inquiry`, { data: inquiry });
    expect(await answer.json()).toMatchObject({ success: true });
  }).toPass({ timeout: 30_000 });
  // No stack trace on the way: the errors were the content's, told once.
  expect(dev?.output()).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
});

test("an article saved atomically, then in place, shows in the open page each time", async ({ page }) => {
  await page.goto(`${BASE}/blog/quick-commerce-unit-economics`);
  await atomicSave("blog/quick-commerce-unit-economics.md", (text) =>
    text.replace("Customers love it", "Shoppers love it"),
  );
  await expect(page.getByText("Shoppers love it", { exact: false })).toBeVisible({ timeout: 30_000 });
  await saveInPlace("blog/quick-commerce-unit-economics.md", (text) =>
    text.replace("Shoppers love it", "Neighbours love it"),
  );
  await expect(page.getByText("Neighbours love it", { exact: false })).toBeVisible({ timeout: 30_000 });
});

test("a save whose build finishes before the page listens for reloads still reloads it", async ({ page }) => {
  // The page's event stream is held until the save's build is done, as when a slow page (or a reconnect) comes late:
  // the reload went out to nobody, so the page must learn from its connection that it is out of date.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/__dev/events*", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${BASE}/blog/white-label-vs-custom-build-cost`);
  const before = goodRebuilds();
  await saveInPlace("blog/white-label-vs-custom-build-cost.md", (text) =>
    text.replace("the same fork in the road", "the same crossroads"),
  );
  await expect.poll(goodRebuilds, { timeout: 60_000 }).toBeGreaterThan(before);
  release();
  await expect(page.getByText("the same crossroads", { exact: false })).toBeVisible({ timeout: 30_000 });
});

test("a content mistake shows its file and line over the page, and the next good save clears it", async ({ page }) => {
  await page.goto(`${BASE}/about`);
  const original = await readFile(path.join(contentDir, "products/esim.yaml"), "utf8");
  await saveInPlace("products/esim.yaml", (text) => text.replace("name: eSIM", "name: [eSIM"));
  const overlay = page.getByRole("alertdialog", { name: "The build failed" });
  await expect(overlay).toBeVisible({ timeout: 30_000 });
  await expect(overlay).toContainText("content/products/esim.yaml:");
  await expect(overlay).toContainText("YAML syntax");
  // The last good build is still served underneath.
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  await atomicSave("products/esim.yaml", () => original);
  await expect(overlay).toBeHidden({ timeout: 30_000 });
});

test("a product added while the server runs is accepted by the local API without a restart", async ({ request }) => {
  const esim = await readFile(path.join(contentDir, "products/esim.yaml"), "utf8");
  const inquiry = {
    name: "Ann Lee",
    email: "ann@example.com",
    mobile: "+14155550100",
    company: "ACME",
    product: "eSIM Roam",
    message: "We would like a quote for a roaming brand.",
    elapsedMs: 9000,
  };
  const before = await request.post(`${BASE}/api/send-product-inquiry`, { data: inquiry });
  expect(await before.json()).toEqual({ success: false, error: "Invalid product" });

  await cp(path.join(contentDir, "documentation/esim.md"), path.join(contentDir, "documentation/esim-roam.md"));
  await writeFile(
    path.join(contentDir, "products/esim-roam.yaml"),
    esim
      .replace(/^id: esim$/m, "id: esim-roam")
      .replace(/^name: eSIM$/m, "name: eSIM Roam")
      .replace(/^order: \d+$/m, "order: 99")
      .replace(/^documentationUrl: .*$/m, "documentationUrl: /docs/esim-roam-documentation.pdf"),
  );
  await expect(async () => {
    const answer = await request.post(`${BASE}/api/send-product-inquiry`, { data: inquiry });
    expect(await answer.json()).toMatchObject({ success: true });
  }).toPass({ timeout: 60_000 });
  expect((await request.get(`${BASE}/products/esim-roam`)).status()).toBe(200);
});

test("a draft saved while the server runs is shown under a Draft banner, and a published article has none", async ({
  page,
}) => {
  const source = await readFile(path.join(contentDir, "blog/saas-script-server-checklist.md"), "utf8");
  await writeFile(
    path.join(contentDir, "blog/pricing-under-review.md"),
    source
      .replace(/^id: .*$/m, "id: pricing-under-review")
      .replace(/^slug: .*$/m, "slug: pricing-under-review")
      .replace(/^title: .*$/m, 'title: "Pricing Under Review"')
      .replace(/^featured: .*$/m, "featured: false\ndraft: true"),
  );
  await expect(async () => {
    await page.goto(`${BASE}/blog/pricing-under-review`);
    await expect(page.getByRole("heading", { level: 1, name: "Pricing Under Review" })).toBeVisible();
  }).toPass({ timeout: 60_000 });
  const banner = page.getByRole("note", { name: "Draft" });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText("Not published: its file says draft: true.");
  await page.goto(`${BASE}/blog/saas-script-server-checklist`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("note", { name: "Draft" })).toHaveCount(0);
});

test("a TSX syntax error shows its file, line, column and the compiler's message over the page, and the next good save clears it", async ({
  page,
}) => {
  await page.goto(`${BASE}/about`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const file = path.join(project, COMPONENT);
  const original = await readFile(file, "utf8");
  const at = original.indexOf("return (");
  expect(at).toBeGreaterThan(0);
  const line = original.slice(0, at).split("\n").length;
  await writeFile(file, `${original.slice(0, at)}return <div << (${original.slice(at + "return (".length)}`);

  const overlay = page.getByRole("alertdialog", { name: "The build failed" });
  await expect(overlay).toBeVisible({ timeout: 60_000 });
  await expect(overlay).toContainText(new RegExp(`${COMPONENT}:${line}:\\d+ Expected identifier but found "\\("`));
  await expect(overlay).not.toContainText("The build process stopped");

  await writeFile(file, original);
  await expect(overlay).toBeHidden({ timeout: 60_000 });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

/** The processes below `pid`, children first: `ps` reads the same on Linux and macOS. */
function descendants(pid: number): number[] {
  const rows = execFileSync("ps", ["-A", "-o", "pid=,ppid="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((row) => row.trim().split(/\s+/).map(Number));
  const below = (parent: number): number[] =>
    rows.filter(([, ppid]) => ppid === parent).flatMap(([child = 0]) => [child, ...below(child)]);
  return below(pid);
}

/** Whether `pid` still runs (a zombie, waiting to be reaped, has ended). */
function running(pid: number): boolean {
  try {
    return !execFileSync("ps", ["-o", "stat=", "-p", String(pid)], { encoding: "utf8" })
      .trim()
      .startsWith("Z");
  } catch {
    return false;
  }
}

// Last: it ends the server.
test("killed with kill -9, npm run dev leaves no process of its own running", async () => {
  const server = dev?.server;
  if (!server?.pid) throw new Error("npm run dev is not running");
  const started = descendants(server.pid);
  expect(started.length).toBeGreaterThan(0); // the build process, at least
  server.kill("SIGKILL");
  await expect.poll(() => started.filter(running), { timeout: 30_000 }).toEqual([]);
});
