import { execFile } from "node:child_process";
import { access, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

/**
 * `npm start` never keeps leads in memory. When the local store's port or folder is taken, it stops
 * before it serves anything, with one line saying why and what to do.
 */
const run = promisify(execFile);
let held: Server;
let heldPort: number;
let leadsDir: string;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** `npm start` (`--no-build` unless told) with these ports; resolves with its exit code and output once it stops. */
async function start(env: Record<string, string>, args = ["--no-build"]) {
  const ports = { PORT: String(await freePort()), SES_PORT: String(await freePort()) };
  return run(process.execPath, ["--import", "tsx", "server/start.ts", ...args], {
    env: { ...process.env, ...ports, LEADS_DIR: leadsDir, ...env },
    timeout: 60_000,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
}

beforeAll(async () => {
  leadsDir = await mkdtemp(path.join(tmpdir(), "leads-store-"));
  held = createServer();
  await new Promise<void>((resolve) => held.listen(0, "127.0.0.1", resolve));
  heldPort = (held.address() as { port: number }).port;
});
afterAll(async () => {
  held?.close();
  await rm(leadsDir, { recursive: true, force: true });
});

describe("npm start's local lead store", () => {
  test("stops with one line when the store's port is taken, instead of keeping leads in memory", async () => {
    const { code, stdout, stderr } = await start({ DYNAMO_PORT: String(heldPort) });
    expect(code).toBe(1);
    expect(
      stderr
        .trim()
        .split("\n")
        .filter((line) => line.includes("lead store")),
    ).toEqual([
      `The local lead store cannot start: port ${heldPort} is in use (another npm start?): stop it, or set DYNAMO_PORT to a free port. No lead was accepted.`,
    ]);
    expect(stdout).not.toContain("Site:");
  });

  test("stops with one line when another running server holds the store's folder", async () => {
    // This test's own process stands for the other server.
    await writeFile(path.join(leadsDir, "server.pid"), String(process.pid));
    const { code, stdout, stderr } = await start({ DYNAMO_PORT: String(await freePort()) });
    expect(code).toBe(1);
    expect(stderr).toContain(
      `The local lead store cannot start: ${leadsDir} is in use by process ${process.pid} (another npm start?)`,
    );
    expect(stdout).not.toContain("Site:");
  });
});

describe("npm start's ports", () => {
  // A taken mail port would send every lead's mail into the other server's mailbox, and a taken site port would
  // print a stack trace after a whole build.
  test.each([
    ["PORT", "the site"],
    ["SES_PORT", "the mailbox"],
  ])("stops with one line before the build when %s is taken", async (setting, serves) => {
    const distDir = path.join(leadsDir, `dist-${setting}`);
    const { code, stdout, stderr } = await start({ [setting]: String(heldPort), DIST_DIR: distDir }, []);
    expect(code).toBe(1);
    expect(stderr.trim().split("\n")).toEqual([
      `npm start cannot serve ${serves}: port ${heldPort} is in use (another npm start?): stop it, or set ${setting} to a free port.`,
    ]);
    expect(stdout).toBe("");
    await expect(access(distDir)).rejects.toThrow();
  });
});
