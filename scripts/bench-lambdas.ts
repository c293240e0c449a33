import "./require-node.ts";
import { spawnSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import sesEmulator from "aws-ses-v2-local";
import * as esbuild from "esbuild";
import { localLambdaEnv } from "../server/lambda-env.ts";
import { startLocalDynamo } from "../server/local-dynamo.ts";

/**
 * `npx tsx scripts/bench-lambdas.ts` (npm run bench:lambdas): the lead functions' bundle sizes, cold-start import
 * time and request latency (store in a local DynamoDB, then mail) against the local SES emulator. Not a test: the figures vary by machine; quote them.
 *
 * Bundles: esbuild, platform node, format esm, minified, only node builtins external, in four variants that the
 * CDK stack can choose between. Latency: each handler in process (no HTTP in front), sequential requests for p50/p99,
 * then concurrent ones for throughput. Every lead sends two mails (vendor + confirmation). Results also go to
 * bench-results/lambdas.json.
 *
 * Options: --requests N (sequential, default 300), --concurrency C (default 16), --total M (default 1000).
 */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outDir = path.join(rootDir, "bench-results");
const FUNCTIONS = ["send-product-inquiry", "send-installation-email", "send-contact-email"] as const;
type LeadFunction = (typeof FUNCTIONS)[number];
/** Bundled and sized too, but fed by the retry queue: no latency run. */
const BUNDLED = [...FUNCTIONS, "deliver-lead"] as const;
type BundledFunction = (typeof BUNDLED)[number];

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const SEQUENTIAL = arg("requests", 300);
const CONCURRENCY = arg("concurrency", 16);
const TOTAL = arg("total", 1000);

const LEADS: Record<LeadFunction, Record<string, unknown>> = {
  "send-product-inquiry": {
    name: "Asha Verma",
    email: "asha@example.org",
    mobile: "+91 98765 43210",
    company: "Verma Labs",
    product: "Legalway",
    message: "We would like to buy Legalway for our firm.",
    website: "",
    elapsedMs: 5000,
  },
  "send-installation-email": {
    name: "Asha Verma",
    email: "asha@example.org",
    mobile: "+91 98765 43210",
    product: "astroway",
    package: "android",
    message: "Please install it next week.",
    website: "",
    elapsedMs: 5000,
  },
  "send-contact-email": {
    name: "Asha Verma",
    email: "asha@example.org",
    mobile: "+91 98765 43210",
    product: "esim",
    subject: "Reseller pricing",
    message: "Do you offer reseller pricing?",
    website: "",
    elapsedMs: 5000,
  },
};

// ---- bundles -------------------------------------------------------------------------------------------------

interface Variant {
  name: string;
  note: string;
  options: esbuild.BuildOptions;
}
const VARIANTS: Variant[] = [
  { name: "default", note: "esbuild defaults for platform node (package 'main': CommonJS builds)", options: {} },
  {
    name: "esm-first",
    note: "mainFields module,main: the SDK's ES builds tree-shake",
    options: { mainFields: ["module", "main"] },
  },
  {
    name: "sdk-external",
    note: "@aws-sdk/* left to the Lambda runtime (CDK NodejsFunction's default)",
    options: { mainFields: ["module", "main"], external: ["@aws-sdk/*"] },
  },
];

interface BundleResult {
  fn: BundledFunction;
  variant: string;
  bytes: number;
  gzip: number;
  /** Median time to import the bundle in a fresh Node process: config read, SES client and schema built. */
  initMs: number | undefined;
}

async function bundle(fn: BundledFunction, variant: Variant, env: Record<string, string>): Promise<BundleResult> {
  const outfile = path.join(outDir, "bundles", variant.name, `${fn}.mjs`);
  const result = await esbuild.build({
    entryPoints: [path.join(rootDir, "lambdas", fn, "handler.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    minify: true,
    legalComments: "none",
    outfile,
    logLevel: "silent",
    // CommonJS dependencies bundled into ESM call require() for builtins; give them one.
    banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
    ...variant.options,
  });
  const file = result.outputFiles?.[0];
  const { readFile } = await import("node:fs/promises");
  const code = file ? file.contents : await readFile(outfile);
  // The runtime-provided SDK is not installed next to the bundle here, so its import cannot be timed.
  const initMs =
    variant.name === "sdk-external" ? undefined : median(Array.from({ length: 5 }, () => coldImport(outfile, env)));
  return { fn, variant: variant.name, bytes: code.length, gzip: gzipSync(code).length, initMs };
}

function coldImport(file: string, env: Record<string, string>): number {
  const script = `const t=performance.now();await import(${JSON.stringify(pathToFileURL(file).href)});process.stdout.write(String(performance.now()-t));`;
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    env: { ...process.env, ...env },
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`importing ${file} failed:\n${run.stderr}`);
  return Number(run.stdout);
}

// ---- latency -------------------------------------------------------------------------------------------------

type Handler = (event: APIGatewayProxyEventV2) => Promise<{ statusCode: number }>;

const event = (body: unknown, i: number): APIGatewayProxyEventV2 =>
  ({
    version: "2.0",
    routeKey: "$default",
    rawPath: "/",
    rawQueryString: "",
    headers: { "content-type": "application/json" },
    requestContext: { http: { method: "POST" }, requestId: `bench-${i}` },
    body: JSON.stringify(body),
    isBase64Encoded: false,
  }) as unknown as APIGatewayProxyEventV2;

const median = (values: number[]) => percentile(values, 50);
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

interface LatencyResult {
  fn: LeadFunction;
  case: "sent" | "invalid";
  p50: number;
  p99: number;
  perSecond: number;
}

async function measure(
  fn: LeadFunction,
  handler: Handler,
  body: unknown,
  expected: number,
  label: LatencyResult["case"],
  clear: () => Promise<void>,
): Promise<LatencyResult> {
  const call = async (i: number) => {
    const answer = await handler(event(body, i));
    if (answer.statusCode !== expected) throw new Error(`${fn} answered ${answer.statusCode}, expected ${expected}`);
  };
  for (let i = 0; i < 20; i++) await call(i);
  const times: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    const t0 = performance.now();
    await call(i);
    times.push(performance.now() - t0);
  }
  await clear();
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < TOTAL) await call(next++);
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  await clear();
  return { fn, case: label, p50: percentile(times, 50), p99: percentile(times, 99), perSecond: TOTAL / seconds };
}

// ---- run -----------------------------------------------------------------------------------------------------

type StartEmulator = (config: { host: string; port: number }) => Promise<Server>;
const startEmulator: StartEmulator =
  (sesEmulator as unknown as { default?: StartEmulator }).default ?? (sesEmulator as unknown as StartEmulator);
const ses = await startEmulator({ host: "127.0.0.1", port: 0 });
const sesUrl = `http://127.0.0.1:${(ses.address() as AddressInfo).port}`;
// Every lead is stored first: an in-memory dynalite stands in for the table.
const dynamo = await startLocalDynamo({ port: 0 });
const env = {
  ...(await localLambdaEnv({ sesEndpoint: sesUrl, dynamoEndpoint: dynamo.endpoint, recipient: "hello@example.com" })),
  LOG_LEVEL: "silent",
  // One address sends every lead here: keep its confirmations coming, as distinct visitors' would.
  ACK_DAILY_LIMIT: "100000000",
};
Object.assign(process.env, env);
await mkdir(outDir, { recursive: true });

console.log(`[bench] bundles: ${BUNDLED.length} handlers × ${VARIANTS.length} variants (minified, platform node, esm)`);
const bundles: BundleResult[] = [];
for (const variant of VARIANTS) for (const fn of BUNDLED) bundles.push(await bundle(fn, variant, env));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
console.table(
  bundles.map((b) => ({
    handler: b.fn,
    variant: b.variant,
    minified: kb(b.bytes),
    gzip: kb(b.gzip),
    "cold import": b.initMs === undefined ? "n/a" : `${b.initMs.toFixed(0)} ms`,
  })),
);
for (const variant of VARIANTS) console.log(`  ${variant.name}: ${variant.note}`);

console.log(
  `\n[bench] latency: ${SEQUENTIAL} sequential requests, then ${TOTAL} at concurrency ${CONCURRENCY}, against ${sesUrl}`,
);
const clear = async () => {
  await fetch(`${sesUrl}/clear-store`, { method: "POST" });
};
const latencies: LatencyResult[] = [];
for (const fn of FUNCTIONS) {
  const { handler } = (await import(pathToFileURL(path.join(rootDir, "lambdas", fn, "handler.ts")).href)) as {
    handler: Handler;
  };
  latencies.push(await measure(fn, handler, LEADS[fn], 200, "sent", clear));
  latencies.push(await measure(fn, handler, { ...LEADS[fn], email: "not-an-address" }, 400, "invalid", clear));
}
console.table(
  latencies.map((l) => ({
    handler: l.fn,
    case: l.case,
    p50: `${l.p50.toFixed(2)} ms`,
    p99: `${l.p99.toFixed(2)} ms`,
    throughput: `${Math.round(l.perSecond)} req/s`,
  })),
);

await writeFile(
  path.join(outDir, "lambdas.json"),
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, sequential: SEQUENTIAL, concurrency: CONCURRENCY, total: TOTAL, bundles, latencies }, null, 2)}\n`,
);
console.log(`\n[bench] wrote ${path.relative(rootDir, path.join(outDir, "lambdas.json"))}`);
ses.closeAllConnections();
ses.close();
await dynamo.close();
