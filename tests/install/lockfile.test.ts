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

type Os = "linux" | "darwin" | "win32";
const LIBC: Record<Os, string> = { linux: "-gnu", darwin: "", win32: "-msvc" };

/**
 * Each platform's packages the tools need there (the linter, the bundler, the type checker, vitest's bundler, CSS,
 * images with sharp), and the Node 24 package npm scripts run on: none exists on the registry for Apple silicon,
 * where the machine's own Node is used.
 */
const PLATFORMS = (
  [
    ["linux", "x64"],
    ["linux", "arm64"],
    ["darwin", "arm64"],
    ["darwin", "x64"],
    ["win32", "x64"],
  ] as const
).map(([os, cpu]) => ({
  os,
  cpu,
  binaries: [
    `@biomejs/cli-${os}-${cpu}`,
    `@esbuild/${os}-${cpu}`,
    `@typescript/typescript-${os}-${cpu}`,
    `@rolldown/binding-${os}-${cpu}${LIBC[os]}`,
    `lightningcss-${os}-${cpu}${LIBC[os]}`,
    `@img/sharp-${os}-${cpu}`,
    ...(os === "win32" ? [] : [`@img/sharp-libvips-${os}-${cpu}`]),
  ],
  node: os === "darwin" && cpu === "arm64" ? undefined : `node-${os === "win32" ? "win" : os}-${cpu}`,
}));
type Platform = (typeof PLATFORMS)[number];

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
