import { tmpdir } from "node:os";
import { spawn } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { BASE_URL, CROSS_ENGINE_PORTS, waitFor } from "./driver.ts";

const rootDir = path.resolve(import.meta.dirname, "../..");

/**
 * Global setup of the cross-engine smoke: serves the existing build (DIST_DIR, default dist/) with `npm start`'s
 * stack (routing, handlers, SES emulator, local DynamoDB) on the smoke's own ports, as playwright.config.ts does for
 * the Chromium tests. Builds nothing: `npm test` has built the site, and by hand `npm run build` comes first.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const distDir = path.resolve(rootDir, process.env.DIST_DIR ?? "dist");
  if (!existsSync(path.join(distDir, "sitemap.xml")))
    throw new Error(`${distDir} holds no build; run npm run build first`);
  // A fresh store each run: the rate limit counts leads per client per hour, and a store kept from an earlier run
  // in the same hour would send this run's leads to the spam folder (the local client address is fixed).
  const leadsDir = path.join(tmpdir(), `storefront-cross-engine-leads-${CROSS_ENGINE_PORTS.site}`);
  rmSync(leadsDir, { recursive: true, force: true });
  const env = {
    ...process.env,
    PORT: String(CROSS_ENGINE_PORTS.site),
    SES_PORT: String(CROSS_ENGINE_PORTS.ses),
    DYNAMO_PORT: String(CROSS_ENGINE_PORTS.dynamo),
    // A store of its own: a developer's npm start may hold .data/dynamodb.
    LEADS_DIR: leadsDir,
    // Both engines send every form from one address; the spam folder's own tests check the limit.
    LEAD_RATE_LIMIT: "100000",
    HOST: "127.0.0.1",
    DIST_DIR: distDir,
  };
  const server = spawn(process.execPath, ["--import", "tsx", "server/start.ts", "--no-build"], {
    cwd: rootDir,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<never>((_, reject) =>
    server.once("exit", (code) =>
      reject(new Error(`the site server exited with ${code} before it served ${BASE_URL}`)),
    ),
  );
  await Promise.race([
    exited,
    waitFor(
      () => fetch(`${BASE_URL}/`).then((response) => response.ok),
      () => `the site server did not answer at ${BASE_URL} within 60 s`,
      60_000,
    ),
  ]);
  return async () => {
    server.removeAllListeners("exit");
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
  };
}
