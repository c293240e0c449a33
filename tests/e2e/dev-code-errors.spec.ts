import type { ChildProcess } from "node:child_process";
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startDevServer } from "./dev-server.ts";
import { stopServer } from "./stop-server.ts";

/**
 * `npm run dev` as a developer uses it: a code mistake in src/ shows where it is and what the compiler said over the
 * open page. The server runs from a copy of the project (its own ports: E2E_PORT + 12, E2E_SES_PORT + 12 and + 13, E2E_PORT + 82 for /admin's backend),
 * so breaking a component never touches the checkout other tests build from.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const PORT = Number(process.env.E2E_PORT ?? 4173) + 12;
const SES_PORT = Number(process.env.E2E_SES_PORT ?? 8025) + 12;
const CMS_PORT = Number(process.env.E2E_PORT ?? 4173) + 82;
const BASE = `http://127.0.0.1:${PORT}`;
const COMPONENT = "src/components/site-footer.tsx";

let project: string;
let server: ChildProcess;

test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000); // the first build of a fresh copy; a hook does not take the describe's timeout
  project = await mkdtemp(path.join(tmpdir(), "dev-code-errors-"));
  const parts = ["src", "build", "server", "public", "lambdas", "scripts", "content", "package.json", "tsconfig.json"];
  // The build cache too, when there is one: share cards and PDFs are then read, not drawn again.
  for (const part of [...parts, ".cache"]) {
    if (existsSync(path.join(ROOT, part)))
      await cp(path.join(ROOT, part), path.join(project, part), { recursive: true });
  }
  await symlink(path.join(ROOT, "node_modules"), path.join(project, "node_modules"), "dir");
  ({ server } = await startDevServer({
    cwd: project,
    port: PORT,
    sesPort: SES_PORT,
    cmsPort: CMS_PORT,
    leadsDir: path.join(project, ".data"),
    contentDir: path.join(project, "content"),
    distDir: path.join(project, "dist"),
    timeoutMs: 100_000,
  }));
});

test.afterAll(async () => {
  await stopServer(server);
  await rm(project, { recursive: true, force: true, maxRetries: 5 });
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
