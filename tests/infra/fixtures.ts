import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Template } from "aws-cdk-lib/assertions";
import { afterAll, beforeAll } from "vitest";
import { cdkJsonContext, createSiteApp } from "../../infra/lib/app.ts";
import { ROUTING_TABLE } from "../fixtures/routing-cases.ts";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The inline-script hash the fixture build reports in _csp.json. */
export const FIXTURE_SCRIPT_HASH = "'sha256-CzAHBNRwafeBvHpiuOb8I3KuRimkMOyjOc+ZWRoVoSg='";

/** The settings of README's example: what `npm run synth` passes. */
export const EXAMPLE_CONTEXT = {
  account: "123456789012",
  region: "us-east-1",
  senderEmail: "no-reply@example.com",
  recipientEmail: "sales@example.com",
};

/** Files of a small build: the routing fixture's pages and views, one hashed asset, one image. */
export const FIXTURE_FILES: Record<string, string> = {
  "index.html": "<!doctype html><title>Home</title>",
  "about/index.html": "<!doctype html><title>About</title>",
  "blog/index.html": "<!doctype html><title>Blog</title>",
  "blog/first-post/index.html": "<!doctype html><title>First post</title>",
  "products/index.html": "<!doctype html><title>Products</title>",
  "products/esim/index.html": "<!doctype html><title>eSIM</title>",
  "products/_404.html": "<!doctype html><title>Product Not Found</title>",
  "404.html": "<!doctype html><title>Oops! Page not found</title>",
  "assets/islands-ABC123.js": "export{};",
  "images/products/esim.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>",
};

/** Writes the fixture build (with _routes.json and _csp.json) into a fresh temporary folder. */
export async function writeFixtureDist(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "infra-dist-"));
  const files: Record<string, string> = {
    ...FIXTURE_FILES,
    "_routes.json": JSON.stringify(ROUTING_TABLE),
    "_csp.json": JSON.stringify({ scriptHashes: [FIXTURE_SCRIPT_HASH] }),
  };
  for (const [name, contents] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), contents);
  }
  return dir;
}

/**
 * Builds the app as `cdk synth` would, with cdk.json's context plus `context`.
 * @param bundle false skips esbuild (the Lambda code then points at its source folder), for faster variants
 */
export async function synthApp(distDir: string, context: Record<string, unknown>, bundle = true) {
  const outdir = await mkdtemp(path.join(tmpdir(), "infra-cdk-out-"));
  const result = await createSiteApp({
    rootDir: ROOT,
    env: {},
    outdir,
    context: {
      ...cdkJsonContext(ROOT),
      ...EXAMPLE_CONTEXT,
      distDir,
      ...context,
      ...(bundle ? {} : { "aws:cdk:bundling-stacks": [] }),
    },
  });
  if (result.kind !== "site") throw new Error("expected the site stack, got the destroy shell");
  return { ...result, outdir };
}

/** A template resource, as the tests read it. */
export type Resource = {
  Type: string;
  Properties: Record<string, unknown>;
  DependsOn?: string[];
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
};

/**
 * The app synthesized from the fixture build and `context` before the tests of the describe block that calls this
 * (unbundled unless `bundle`), its folders removed after them.
 */
export function synthesized(context: Record<string, unknown>, bundle = false) {
  const synth = {} as Awaited<ReturnType<typeof synthApp>> & {
    template: Template;
    resources: (type: string) => [string, Resource][];
  };
  let distDir = "";
  beforeAll(async () => {
    distDir = await writeFixtureDist();
    Object.assign(synth, await synthApp(distDir, context, bundle));
    synth.template = Template.fromStack(synth.stack);
  });
  afterAll(async () => {
    for (const dir of [distDir, synth.outdir]) if (dir) await rm(dir, { recursive: true, force: true });
  });
  synth.resources = (type) => Object.entries(synth.template.findResources(type) as Record<string, Resource>);
  return synth;
}
