import { execFile } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { missingPackagesMessage, missingSystemPackages, systemPackages } from "../../scripts/system-packages.ts";

/**
 * The system packages `npm test` needs are listed once (scripts/system-packages.txt): the README's setup names them,
 * CI and the workflows install them, and `npm test` names any that is missing before it starts.
 */
const rootDir = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFile(path.join(rootDir, file), "utf8");
const names = () => systemPackages().map((item) => item.name);

describe("a newcomer's setup names every system package the tests use", () => {
  test("the README's apt-get command installs exactly the listed packages", async () => {
    const readme = await read("README.md");
    const command = readme.match(/^sudo apt-get install -y (.+)$/m)?.[1]?.split(/\s+/) ?? [];
    expect(command.sort()).toEqual(names().sort());
  });

  test("every browser and tool the tests start by default is in the list", async () => {
    const sources = ["playwright.config.ts", ...(await tsFiles("tests"))];
    const started = new Set<string>();
    for (const file of sources) {
      const text = await read(file);
      // Default binaries (`?? "/usr/bin/firefox-esr"`) and commands spawned by name (`spawn("Xvfb", …)`).
      for (const match of text.matchAll(/"(\/usr\/(?:bin|lib)\/[\w./-]+)"/g)) started.add(match[1] ?? "");
      for (const match of text.matchAll(/\b(?:spawn|run)\("([\w-]+)"/g)) started.add(match[1] ?? "");
    }
    const listed = systemPackages().map((item) => item.command);
    const covered = (binary: string) =>
      listed.some((command) => command === binary || command === path.basename(binary)) ||
      // WebKitGTK's MiniBrowser comes with webkit2gtk-driver (its dependency libwebkit2gtk-4.1-0).
      /\/webkit2gtk-4\.1\/MiniBrowser$/.test(binary) ||
      // A tool every Linux has is no package of ours.
      ["sh", "node", "git", "npm", "npx", "kill", "id", "tsx"].includes(binary);
    expect([...started].filter((binary) => !covered(binary))).toEqual([]);
    expect(started.size).toBeGreaterThan(4);
  });

  test("CI installs them before npm ci and npm test, through the same script", async () => {
    const ci = (await read(".ci/run")).split("\n");
    const at = (text: string) => ci.findIndex((line) => line.startsWith(text));
    expect(at("bash scripts/install-system-packages.sh")).toBeGreaterThan(-1);
    expect(at("bash scripts/install-system-packages.sh")).toBeLessThan(at("npm ci"));
    expect(at("npm ci")).toBeLessThan(at("npm test"));
  });

  test.each(["pull-request.yml", "deploy.yml"])(
    "%s runs npm test in Debian 12 after installing the same packages",
    async (name) => {
      const workflow = parse(await read(`.github/workflows/${name}`)) as {
        jobs: Record<string, { container?: string; env?: Record<string, string>; steps: { run?: string }[] }>;
      };
      const testing = Object.values(workflow.jobs).filter((job) => job.steps.some((step) => step.run === "npm test"));
      expect(testing).not.toHaveLength(0);
      for (const job of testing) {
        expect(job.container).toMatch(/^node:24-bookworm$/);
        expect(job.env?.CHROMIUM_PATH).toBeUndefined();
        const runs = job.steps.map((step) => step.run ?? "");
        const install = runs.findIndex((run) => run.includes("bash scripts/install-system-packages.sh"));
        expect(install).toBeGreaterThan(-1);
        expect(install).toBeLessThan(runs.indexOf("npm test"));
      }
    },
  );
});

describe("npm test on a machine that lacks one", () => {
  test("names what is missing and the command that installs it, and a variable pointing elsewhere stands in", () => {
    const empty = { PATH: "/nonexistent" };
    const missing = missingSystemPackages(empty).map((item) => item.name);
    expect(missing).toEqual(expect.arrayContaining(["firefox-esr", "xvfb", "xdotool", "webkit2gtk-driver"]));
    expect(
      missingSystemPackages({ ...empty, FIREFOX_PATH: "/opt/firefox/firefox" }).map((item) => item.name),
    ).not.toContain("firefox-esr");
    expect(missingPackagesMessage(missingSystemPackages(empty))).toContain(
      `sudo apt-get install -y ${missing.join(" ")}`,
    );
  });

  test("stops in one line before any step runs", async () => {
    const env = { PATH: path.dirname(process.execPath), HOME: process.env.HOME ?? "/tmp" };
    const result = await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/test-all.ts"], {
      cwd: rootDir,
      env,
    }).catch((error: { code: number; stdout: string; stderr: string }) => error);
    expect("code" in result ? result.code : 0).toBe(1);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toMatch(/^npm test needs Debian's .*xdotool/);
    expect(result.stdout).not.toContain("=== typecheck");
  });
});

async function tsFiles(folder: string): Promise<string[]> {
  const entries = await readdir(path.join(rootDir, folder), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => path.relative(rootDir, path.join(entry.parentPath, entry.name)));
}
