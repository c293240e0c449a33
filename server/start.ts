import "../scripts/require-node.ts";
import { spawn } from "node:child_process";
import { existsSync, watch } from "node:fs";
import { readdir } from "node:fs/promises";
import type { ServerResponse } from "node:http";
import { createServer as createNetServer } from "node:net";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import sesEmulator from "aws-ses-v2-local";
import { readSiteContent } from "../build/read-content.ts";
import { DELIVER_LEAD_FUNCTION } from "../lambdas/shared/lead-record.ts";
import type { LambdaHandler } from "./lambda-adapter.ts";
import { localLambdaEnv } from "./lambda-env.ts";
import { startLocalDynamo } from "./local-dynamo.ts";
import { startLocalRetry } from "./local-retry.ts";
import { createSiteServer } from "./site-server.ts";

/**
 * `npm start`: build, then serve dist/ with the production routing, the three Lambda handlers at /api/<name>, a
 * local SES emulator whose mailbox shows every e-mail sent, and a local DynamoDB (dynalite, data in .data/dynamodb)
 * that stores every lead, with deliver-lead retrying unmailed leads in process. `npm run dev` adds rebuild-on-change
 * and live reload.
 */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dev = process.argv.includes("--dev");
const skipBuild = process.argv.includes("--no-build");
const host = process.env.HOST ?? "127.0.0.1";
const port = Number(process.env.PORT ?? 8080);
const sesPort = Number(process.env.SES_PORT ?? 8005);
const dynamoPort = Number(process.env.DYNAMO_PORT ?? 8006);
/** Where the build writes and the server reads; DIST_DIR lets parallel test runs keep separate builds. */
const distDir = path.resolve(rootDir, process.env.DIST_DIR ?? "dist");

/** Runs the build in a fresh process so that edited modules are loaded anew; resolves to success. */
function runBuild(): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "build/cli.ts", "--out", distDir], { cwd: rootDir, stdio: "inherit" });
    child.on("exit", (code) => resolve(code === 0));
  });
}

async function loadHandlers(): Promise<Map<string, LambdaHandler>> {
  const handlers = new Map<string, LambdaHandler>();
  const dir = path.join(rootDir, "lambdas");
  for (const name of (await readdir(dir).catch(() => [] as string[])).sort()) {
    const file = path.join(dir, name, "handler.ts");
    // deliver-lead is fed by the retry queue, not by HTTP (server/local-retry.ts runs it).
    if (name === "shared" || name === DELIVER_LEAD_FUNCTION || !existsSync(file)) continue;
    const mod = (await import(pathToFileURL(file).href)) as { handler?: LambdaHandler };
    if (typeof mod.handler !== "function") throw new Error(`lambdas/${name}/handler.ts must export a handler function`);
    handlers.set(name, mod.handler);
  }
  return handlers;
}

/**
 * dynalite on DYNAMO_PORT with data in .data/dynamodb; when another npm start (a browser test run, say) holds the
 * port, this one keeps its leads in memory on a free port rather than fail to start.
 */
async function startLeadStore() {
  // The port stands for the folder: LevelDB's lock error cannot be caught once dynalite has opened it.
  const free = await new Promise<boolean>((resolve) => {
    const probe = createNetServer()
      .once("error", () => resolve(false))
      .listen(dynamoPort, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
  if (free) return startLocalDynamo({ dataDir: path.join(rootDir, ".data/dynamodb"), port: dynamoPort });
  const store = await startLocalDynamo({ port: 0 });
  console.warn(`  Port ${dynamoPort} is in use (another npm start?): leads are kept in memory at ${store.endpoint} this time.`);
  return store;
}

if (!skipBuild && !(await runBuild())) {
  console.error("The build failed; fix the errors above and run npm start again.");
  process.exit(1);
}

const ses = await sesEmulator.default({ host: "127.0.0.1", port: sesPort });
const dynamo = await startLeadStore();
const { site } = await readSiteContent(path.join(rootDir, "content"));
Object.assign(
  process.env,
  await localLambdaEnv({ sesEndpoint: `http://127.0.0.1:${sesPort}`, dynamoEndpoint: dynamo.endpoint, recipient: site.contact.email }),
  { ...process.env },
);
const handlers = await loadHandlers();
const retry = await startLocalRetry();

const clients = new Set<ServerResponse>();
const server = await createSiteServer({
  distDir,
  handlers,
  devReload: dev
    ? {
        script: 'new EventSource("/__dev/events").addEventListener("reload", () => location.reload());',
        subscribe(res) {
          res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-store" });
          res.write(": connected\n\n");
          clients.add(res);
          res.on("close", () => clients.delete(res));
        },
      }
    : undefined,
});
server.listen(port, host, () => {
  console.log(`\n  Site:     http://${host}:${port}/`);
  console.log(`  Mailbox:  http://127.0.0.1:${sesPort}/  (local SES emulator: every e-mail the forms send)`);
  console.log(`  Leads:    ${dynamo.endpoint} (dynalite, ${dynamo.dataDir ? path.relative(rootDir, dynamo.dataDir) : "in memory"}; list them with npm run leads)`);
  console.log(`  API:      ${[...handlers.keys()].map((n) => `POST /api/${n}`).join(", ") || "no handlers found in lambdas/"}\n`);
  if (dev) console.log("  Watching content/ and src/ for changes.\n");
});

if (dev) {
  let timer: NodeJS.Timeout | undefined;
  let building = Promise.resolve();
  const rebuild = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      building = building.then(async () => {
        if (await runBuild()) for (const client of clients) client.write("event: reload\ndata: {}\n\n");
      });
    }, 150);
  };
  for (const folder of ["content", "src", "public"]) {
    if (existsSync(path.join(rootDir, folder))) watch(path.join(rootDir, folder), { recursive: true }, rebuild);
  }
}

const stop = () => {
  retry.stop();
  server.close();
  ses.close();
  void dynamo.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
