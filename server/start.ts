import "../scripts/require-node.ts";
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sesEmulator from "aws-ses-v2-local";
import { provideLocalLeadQueue } from "../lambdas/shared/lead-queue.ts";
import { LOCAL_CMS_API } from "../src/lib/security-headers.ts";
import { createCmsBackend } from "./cms-backend.ts";
import { workflowCheckout } from "./cms-workflow.ts";
import { startDevLoop } from "./dev.ts";
import { InProcessQueue } from "./in-process-queue.ts";
import type { LambdaHandler } from "./lambda-adapter.ts";
import { LambdaHost } from "./lambda-host.ts";
import { handlerNames, loadHandlers, withExtraRoutes } from "./load-handlers.ts";
import { LocalStoreError, startLocalDynamo } from "./local-dynamo.ts";
import { takenPortLine } from "./ports.ts";
import { LOCAL_MAX_DELAY_SECONDS, type LocalRetry, startLocalRetry } from "./local-retry.ts";
import { startSesFaultProxy } from "./fault-proxy.ts";
import { createSiteServer } from "./site-server.ts";

/**
 * `npm start`: build, then serve dist/ with the production routing, the three Lambda handlers at /api/<name>, a
 * local SES emulator whose mailbox shows every e-mail sent (behind a proxy that publishes SES's send events), and a
 * local DynamoDB (dynalite, data in .data/dynamodb) that stores every lead, with deliver-lead retrying unmailed leads
 * in process. `npm run dev` adds rebuild-on-change and live reload.
 */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dev = process.argv.includes("--dev");
const skipBuild = process.argv.includes("--no-build");
const host = process.env.HOST ?? "127.0.0.1";
const port = Number(process.env.PORT ?? 8080);
const sesPort = Number(process.env.SES_PORT ?? 8005);
const dynamoPort = Number(process.env.DYNAMO_PORT ?? 8006);
/** Where the leads are kept; LEADS_DIR lets a test server keep its own (npm run leads reads the same variable). */
const leadsDir = path.resolve(rootDir, process.env.LEADS_DIR ?? ".data/dynamodb");
/** Where the build writes and the server reads; DIST_DIR lets parallel test runs keep separate builds. */
const distDir = path.resolve(rootDir, process.env.DIST_DIR ?? "dist");
/** CONTENT_DIR lets tests serve a copy of the content. */
const contentDir = path.resolve(rootDir, process.env.CONTENT_DIR ?? "content");

/**
 * npm run dev -- --workflow: production's editorial workflow on a local repository. decap-server's git mode commits each
 * saved entry on a cms/… branch of the repository that holds content/ and merges it on publish, so it is never the
 * default: it switches branches in that checkout while it works.
 */
const workflow = dev && process.argv.includes("--workflow");

/**
 * /admin's local backend, inside this server at /admin/api/v1 of the site's own origin (server/cms-backend.ts): it
 * writes what /admin saves under the folder that holds content/ (the generated configuration names paths like
 * content/blog), so a test's copy of the content is edited, not the checkout's; in the file-system mode directly, in
 * git mode (--workflow) on branches. The build learns of it through CMS_LOCAL_BACKEND, and in git mode of the branch
 * it merges into through CMS_LOCAL_BRANCH.
 */
function startCmsBackend() {
  if (path.basename(contentDir) !== "content")
    console.warn(
      `[cms] the editor writes content/… under ${path.dirname(contentDir)}; CONTENT_DIR should end in /content`,
    );
  process.env.CMS_LOCAL_BACKEND = LOCAL_CMS_API;
  if (workflowInto) process.env.CMS_LOCAL_BRANCH = workflowInto;
  const names = new Set([host, "127.0.0.1", "localhost", "[::1]"]);
  return createCmsBackend({ contentDir, workflow, hosts: [...names].map((name) => `${name}:${port}`) });
}

/**
 * Runs the build in a fresh process so that edited modules are loaded anew. `firstFiles` resolves to true once the
 * pages and what they fetch are written (the site can be served), false when the build failed before; `done` to
 * whether the whole build succeeded. The build never outlives this process.
 */
function runBuild(): { firstFiles: Promise<boolean>; done: Promise<boolean> } {
  const args = ["--import", "tsx", "build/cli.ts", "--content", contentDir, "--out", distDir, "--notify-first-files"];
  const child = spawn(process.execPath, args, { cwd: rootDir, stdio: ["inherit", "inherit", "inherit", "ipc"] });
  process.on("exit", () => child.kill());
  const firstFiles = new Promise<boolean>((resolve) => {
    child.on("message", (message) => message === "first-files" && resolve(true));
    child.on("exit", (code) => resolve(code === 0));
  });
  const done = new Promise<boolean>((resolve) => child.on("exit", (code) => resolve(code === 0)));
  return { firstFiles, done };
}

/**
 * dynalite on DYNAMO_PORT with data in LEADS_DIR. A server that could not keep its leads must not take any, so when
 * the port or the folder is taken this stops with one line (there is no in-memory fallback).
 */
async function startLeadStore() {
  try {
    return await startLocalDynamo({ dataDir: leadsDir, port: dynamoPort });
  } catch (error) {
    const reason =
      error instanceof LocalStoreError
        ? error.message
        : `${error instanceof Error ? error.message : String(error)} (${leadsDir})`;
    console.error(`The local lead store cannot start: ${reason}. No lead was accepted.`);
    process.exit(1);
  }
}

// A taken port stops npm start with one line before the build, not with a stack trace after it (the store's own check,
// with its folder, follows in startLeadStore).
const takenLine = await takenPortLine([
  { port, host, setting: "PORT", serves: "the site" },
  { port: sesPort, host: "127.0.0.1", setting: "SES_PORT", serves: "the mailbox" },
]);
if (takenLine) {
  console.error(takenLine);
  process.exit(1);
}

// A checkout that cannot take the editorial workflow stops npm run dev -- --workflow before anything starts.
const checkout = workflow ? workflowCheckout(path.dirname(contentDir)) : undefined;
if (checkout && "refused" in checkout) {
  const clone = "git clone . /tmp/site-cms && CONTENT_DIR=/tmp/site-cms/content npm run dev -- --workflow";
  console.error(`[cms] --workflow: ${checkout.refused}. Try it on a clone: ${clone}`);
  process.exit(1);
}
const workflowInto = checkout && "branch" in checkout ? checkout.branch : undefined;

// The build runs in its own process beside the store, the mailbox and the handlers starting here.
const building = dev || skipBuild ? undefined : runBuild();

// The store before anything is served: nothing else starts when it cannot.
const dynamo = await startLeadStore();

// Before the first build: the build writes /admin's configuration with this backend (build/plugins/admin/cms-config.ts).
const cmsBackend = dev ? await startCmsBackend() : undefined;

// npm run dev keeps serving when a build fails: the dev loop shows the errors and retries on the next save.
const devLoop = dev
  ? startDevLoop({
      rootDir,
      contentDir,
      distDir,
      onContentBuilt: (files) => reloadApi(files),
      onLambdaChange: () => reloadApi(),
    })
  : undefined;
const buildFailed = () => {
  console.error("The build failed; fix the errors above and run npm start again.");
  process.exit(1);
};
if (devLoop) await devLoop.ready;

// Loaded here, not imported above: the content reader costs half a second of CPU the build's start needs.
const { localLambdaEnv } = await import("./lambda-env.ts");
const ses = await sesEmulator.default({ host: "127.0.0.1", port: sesPort });
// The handlers send through this proxy, which passes every request and publishes each accepted mail's send event, as
// the stack's configuration set does; deliver-lead (below) marks the lead mailed.
let retry: LocalRetry | undefined;
const sesEvents = await startSesFaultProxy({
  target: `http://127.0.0.1:${sesPort}`,
  onSend: (event) => retry?.mailEvent(event),
});
/** The handlers' environment from validated content (the inbox is site.yaml's contact e-mail); values set by the developer win. */
const developerEnv = { ...process.env };
const lambdaEnv = async () => {
  // The newsletter's mailed links lead back to this server.
  const env = await localLambdaEnv({
    sesEndpoint: sesEvents.url,
    dynamoEndpoint: dynamo.endpoint,
    contentDir,
    linkBase: `http://${host}:${port}`,
    drafts: dev,
  });
  return { ...env, ...developerEnv };
};
// npm run dev starts even on content the build refuses: the API then waits for the first good save (reloadApi).
let apiStale = false;
try {
  Object.assign(process.env, await lambdaEnv());
} catch (error) {
  // Content the build refuses: its own report says why, rather than this stack trace.
  if (!dev && building && !(await building.firstFiles)) buildFailed();
  if (!dev) throw error;
  apiStale = true;
  console.error("[api] the handlers start once content/ is valid again");
}
// The retry queue: the handlers get it (in dev through their worker thread), deliver-lead consumes it here.
const queue = new InProcessQueue({ maxDelaySeconds: LOCAL_MAX_DELAY_SECONDS });
provideLocalLeadQueue(queue);
// In dev the handlers run in a worker that restarts when the catalogue they read changes (server/lambda-host.ts).
const apiHost = dev ? new LambdaHost(rootDir, () => ({ ...process.env }), queue) : undefined;
const handlers = apiHost
  ? withExtraRoutes(new Map([...apiHost.handlers(await handlerNames(rootDir))].map(([n, h]) => [n, untilValid(h)])))
  : await loadHandlers(rootDir);
// Leads the handlers could not mail are retried in this process, as deliver-lead does from the queue in AWS; it reads
// the handlers' environment as it starts, so on content the build refuses it waits for the first good save too.
if (!apiStale) retry = await startLocalRetry({ queue });
/**
 * Until content/ first validates, the handlers have no environment to start with (the retry, started with the first
 * good one, tells): a call is answered that it must wait, not with their configuration error.
 */
function untilValid(handler: LambdaHandler): LambdaHandler {
  const error = "The local API starts once content/ is valid: fix the errors the build shows";
  return async (event, context) =>
    retry
      ? handler(event, context)
      : {
          statusCode: 503,
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ success: false, error }),
        };
}
async function reloadApi(changed?: readonly string[]) {
  const catalogue = ["products", "installation-packages.yaml", "site.yaml"].map((name) => path.join(contentDir, name));
  if (!apiStale && changed && !changed.some((file) => catalogue.some((prefix) => file.startsWith(prefix)))) return;
  try {
    Object.assign(process.env, await lambdaEnv());
    await apiHost?.reload();
    retry ??= await startLocalRetry({ queue });
    apiStale = false;
    console.log("[api] handlers reloaded with the current content");
  } catch (error) {
    apiStale = true;
    console.error("[api] kept the previous handlers:", error instanceof Error ? error.message : error);
  }
}

// Served once the pages are written; the share cards, PDFs, icons and /admin follow, and a request for one waits for them.
if (building && !(await building.firstFiles)) buildFailed();
void building?.done.then((ok) => ok || buildFailed());

// The visitor the local server plays: in India, the client's home market, unless VIEWER_COUNTRY says otherwise ("" for
// none); a request's own CloudFront-Viewer-Country header wins, as tests send it.
const viewerCountry = process.env.VIEWER_COUNTRY ?? "IN";
const server = await createSiteServer({
  distDir,
  handlers,
  devReload: devLoop?.hooks,
  viewerCountry,
  cmsBackend,
  pending: building?.done,
});
server.listen(port, host, () => {
  console.log(`\n  Site:     http://${host}:${port}/`);
  console.log(`  Mailbox:  http://127.0.0.1:${sesPort}/  (local SES emulator: every e-mail the forms send)`);
  console.log(
    `  Leads:    ${dynamo.endpoint} (dynalite, ${path.relative(rootDir, leadsDir) || leadsDir}; list them with npm run leads)`,
  );
  console.log(
    `  API:      ${[...handlers.keys()].map((n) => `POST /api/${n}`).join(", ") || "no handlers found in lambdas/"}\n`,
  );
  if (dev)
    console.log(
      workflow
        ? `  Editor:   http://${host}:${port}/admin/  (editorial workflow: each entry a cms/… branch of ${path.dirname(contentDir)}, merged into ${workflowInto} on publish)`
        : `  Editor:   http://${host}:${port}/admin/  (saves into ${path.relative(rootDir, contentDir) || contentDir})`,
    );
  if (dev) console.log("  Watching content/, src/, public/, build/ and lambdas/ for changes.\n");
});

const stop = async () => {
  retry?.stop();
  server.close();
  ses.close();
  await sesEvents.close();
  await Promise.all([devLoop?.close(), apiHost?.close(), dynamo.close()]);
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
