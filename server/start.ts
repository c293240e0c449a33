import "../scripts/require-node.ts";
import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sesEmulator from "aws-ses-v2-local";
import { parse } from "yaml";
import { startDevLoop } from "./dev.ts";
import { LambdaHost } from "./lambda-host.ts";
import { localLambdaEnv } from "./lambda-env.ts";
import { handlerNames, loadHandlers } from "./load-handlers.ts";
import { createSiteServer } from "./site-server.ts";

/**
 * `npm start`: build, then serve dist/ with the production routing, the three Lambda handlers at /api/<name> and a
 * local SES emulator whose mailbox shows every e-mail sent. `npm run dev` adds rebuild-on-change and live reload.
 */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dev = process.argv.includes("--dev");
const skipBuild = process.argv.includes("--no-build");
const host = process.env.HOST ?? "127.0.0.1";
const port = Number(process.env.PORT ?? 8080);
const sesPort = Number(process.env.SES_PORT ?? 8005);
/** Where the build writes and the server reads; DIST_DIR lets parallel test runs keep separate builds. */
const distDir = path.resolve(rootDir, process.env.DIST_DIR ?? "dist");
/** CONTENT_DIR lets tests serve a copy of the content. */
const contentDir = path.resolve(rootDir, process.env.CONTENT_DIR ?? "content");

/** Runs the build in a fresh process so that edited modules are loaded anew; resolves to success. */
function runBuild(): Promise<boolean> {
  return new Promise((resolve) => {
    const args = ["--import", "tsx", "build/cli.ts", "--content", contentDir, "--out", distDir];
    const child = spawn(process.execPath, args, { cwd: rootDir, stdio: "inherit" });
    child.on("exit", (code) => resolve(code === 0));
  });
}

// npm run dev keeps serving when a build fails: the dev loop shows the errors and retries on the next save.
const devLoop = dev ? startDevLoop({ rootDir, contentDir, distDir, onContentBuilt: (files) => reloadApi(files), onLambdaChange: () => reloadApi() }) : undefined;
if (devLoop) await devLoop.ready;
else if (!skipBuild && !(await runBuild())) {
  console.error("The build failed; fix the errors above and run npm start again.");
  process.exit(1);
}

const ses = await sesEmulator.default({ host: "127.0.0.1", port: sesPort });
/** The handlers' environment from content (the inbox is site.yaml's contact e-mail); values set by the developer win. */
const developerEnv = { ...process.env };
const lambdaEnv = async () => {
  const site = parse(await readFile(path.join(contentDir, "site.yaml"), "utf8")) as { contact: { email: string } };
  return { ...localLambdaEnv({ sesEndpoint: `http://127.0.0.1:${sesPort}`, recipient: site.contact.email, contentDir }), ...developerEnv };
};
Object.assign(process.env, await lambdaEnv());
// In dev the handlers run in a worker that restarts when the catalogue they read changes (server/lambda-host.ts).
const apiHost = dev ? new LambdaHost(rootDir, () => ({ ...process.env })) : undefined;
const handlers = apiHost ? apiHost.handlers(await handlerNames(rootDir)) : await loadHandlers(rootDir);
async function reloadApi(changed?: readonly string[]) {
  const catalogue = ["products", "installation-packages.yaml", "site.yaml"].map((name) => path.join(contentDir, name));
  if (changed && !changed.some((file) => catalogue.some((prefix) => file.startsWith(prefix)))) return;
  try {
    Object.assign(process.env, await lambdaEnv());
    await apiHost?.reload();
    console.log("[api] handlers reloaded with the current content");
  } catch (error) {
    console.error("[api] kept the previous handlers:", error instanceof Error ? error.message : error);
  }
}

const server = await createSiteServer({ distDir, handlers, devReload: devLoop?.hooks });
server.listen(port, host, () => {
  console.log(`\n  Site:     http://${host}:${port}/`);
  console.log(`  Mailbox:  http://127.0.0.1:${sesPort}/  (local SES emulator: every e-mail the forms send)`);
  console.log(`  API:      ${[...handlers.keys()].map((n) => `POST /api/${n}`).join(", ") || "no handlers found in lambdas/"}\n`);
  if (dev) console.log("  Watching content/, src/, public/, build/ and lambdas/ for changes.\n");
});

const stop = async () => {
  server.close();
  ses.close();
  await Promise.all([devLoop?.close(), apiHost?.close()]);
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
