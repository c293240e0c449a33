import type { ChildProcess } from "node:child_process";
import { execFile } from "node:child_process";
import { cp, mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect as playwrightExpect, test } from "@playwright/test";
import { blogPostSchema } from "../../src/schemas/blog-post.ts";
import { AdminEditor, frontMatter } from "./admin-editor.ts";
import { devServerPorts, startDevServer } from "./dev-server.ts";
import { stopServer } from "./stop-server.ts";

/** Decap answers in seconds on a 2-core machine running two browsers and the dev server's rebuilds, not in 5. */
const expect = playwrightExpect.configure({ timeout: 20_000 });

/**
 * /admin with production's editorial workflow, rehearsed locally: `npm run dev -- --workflow` (ports E2E_PORT + 30,
 * E2E_SES_PORT + 30, decap-server on E2E_PORT + 83) over a temporary git repository holding a copy of content/, where
 * decap-server's git mode keeps each entry on a cms/… branch, as GitHub keeps it on a pull request's branch.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const { port: PORT, sesPort: SES_PORT, base: BASE } = devServerPorts(6);
const SLUG = "editor-workflow-post";
const BRANCH = `cms/posts/${SLUG}`;

let work: string;
let repo: string;
let server: ChildProcess;

const exec = promisify(execFile);
async function git(...args: string[]): Promise<string> {
  return (await exec("git", ["-C", repo, ...args])).stdout.trim();
}

test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000); // the first build of a fresh copy, and /admin's bundle when the cache has none
  work = await mkdtemp(path.join(tmpdir(), "admin-workflow-"));
  repo = path.join(work, "site");
  await cp(path.join(ROOT, "content"), path.join(repo, "content"), { recursive: true });
  await git("init", "--quiet", "--initial-branch=main");
  await git("config", "user.name", "Test Editor");
  await git("config", "user.email", "editor@example.com");
  await git("add", "--all");
  await git("commit", "--quiet", "--no-gpg-sign", "-m", "The site's content");
  ({ server } = await startDevServer({
    cwd: ROOT,
    port: PORT,
    sesPort: SES_PORT,
    leadsDir: path.join(work, "leads"),
    contentDir: path.join(repo, "content"),
    distDir: path.join(work, "dist"),
    timeoutMs: 170_000,
    args: ["--workflow"],
  }));
});

test.afterAll(async () => {
  await stopServer(server);
  await rm(work, { recursive: true, force: true, maxRetries: 5 });
});

test("an article saved in /admin waits on its own branch, and publishing it when Ready merges it into main", async ({
  page,
}) => {
  const editor = new AdminEditor(page);
  await editor.open(BASE);
  const main = await git("rev-parse", "main");
  await editor.click(page.getByRole("link", { name: "Articles" }));
  editor.clicks = 0;
  await editor.writePost({
    slug: SLUG,
    title: "Reviewed Before It Went Live",
    cover: "review.jpg",
    width: 800,
    height: 600,
  });
  await editor.writeBody("Saved on a branch, published by a merge.");

  await editor.click(page.getByRole("button", { name: "Save" }));
  await expect(page.getByText("Entry saved")).toBeVisible();
  // Saved is not published: the entry's branch holds it, main is as it was. (The checkout's files are not looked at:
  // decap-server checks the entry's branch out for a moment whenever /admin reads the entry.)
  expect(await git("branch", "--list", "cms/*", "--format=%(refname:short)")).toBe(BRANCH);
  expect(await git("rev-parse", "main")).toBe(main);
  const saved = await git("show", `${BRANCH}:content/blog/${SLUG}.md`);
  expect(blogPostSchema.parse(frontMatter(saved))).toMatchObject({ slug: SLUG, image: "/images/blog/review.jpg" });

  await editor.click(page.getByRole("button", { name: /^Status:/ }));
  await editor.click(page.getByRole("menuitem", { name: "Ready" }));
  await expect(page.getByText("Entry status updated")).toBeVisible();
  // Decap asks "Are you sure you want to publish this entry?" in the browser's own dialog: OK is one more click.
  page.once("dialog", (dialog) => {
    editor.clicks += 1;
    void dialog.accept();
  });
  await editor.click(page.getByRole("button", { name: "Publish", exact: true }));
  await editor.click(page.getByText("Publish now", { exact: true }));
  await expect(page.getByText("Entry published")).toBeVisible();
  console.log(`[admin] New post → saved, Ready, published on main: ${editor.clicks} clicks`);
  test.info().annotations.push({ type: "measure", description: `${editor.clicks} clicks` });

  // Published: main gained the entry (file and photo) by a merge, and the entry's branch is gone.
  await expect.poll(() => git("rev-parse", "main")).not.toBe(main);
  expect(await git("branch", "--list", "cms/*")).toBe("");
  expect(await git("diff", "--name-only", main, "main")).toBe(
    [`content/blog/${SLUG}.md`, "content/images/blog/review.jpg"].join("\n"),
  );
  const published = await git("show", `main:content/blog/${SLUG}.md`);
  expect(blogPostSchema.parse(frontMatter(published))).toMatchObject({
    slug: SLUG,
    title: "Reviewed Before It Went Live",
    image: "/images/blog/review.jpg",
    imageAlt: "A hillside at dawn",
    date: "2026-11-20",
  });
  expect(published).toContain("Saved on a branch, published by a merge.");
  // The checkout is on main again, with the article: what the dev site builds from.
  expect(await git("status", "--porcelain")).toBe("");
  await expect(stat(path.join(repo, "content/blog", `${SLUG}.md`))).resolves.toBeTruthy();
});
