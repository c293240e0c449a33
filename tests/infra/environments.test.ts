import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Template } from "aws-cdk-lib/assertions";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { cdkJsonContext, createSiteApp } from "../../infra/lib/app.ts";
import { SiteConfigError } from "../../infra/lib/config.ts";
import type { SiteEnvironment } from "../../src/lib/site-environment.ts";
import { EXAMPLE_CONTEXT, ROOT, writeFixtureDist } from "./fixtures.ts";

type Resource = { Properties: Record<string, unknown>; DeletionPolicy?: string };

/** The app as `cdk synth` runs it, building with a stand-in that copies the fixture build and records the call. */
async function synthWithBuild(context: Record<string, unknown>) {
  const fixture = await writeFixtureDist();
  const outdir = await mkdtemp(path.join(tmpdir(), "infra-cdk-out-"));
  const builds: { outDir: string; environment: SiteEnvironment }[] = [];
  const result = await createSiteApp({
    rootDir: ROOT,
    env: {},
    outdir,
    context: { ...cdkJsonContext(ROOT), ...EXAMPLE_CONTEXT, "aws:cdk:bundling-stacks": [], ...context },
    buildSite: async (outDir, environment) => {
      builds.push({ outDir, environment });
      await cp(fixture, outDir, { recursive: true });
    },
  });
  const cleanup = async () => {
    for (const dir of [fixture, outdir, ...builds.map((b) => b.outDir)])
      await rm(dir, { recursive: true, force: true });
  };
  return { result, builds, cleanup };
}

describe("a staging stack next to production", () => {
  const setups: Record<string, Awaited<ReturnType<typeof synthWithBuild>> & { template: Template }> = {};
  beforeAll(async () => {
    // Test-only stack names keep these builds out of the folders real deploys use.
    for (const [name, context] of Object.entries({
      staging: { env: "staging", stackName: "EnvTest-staging", url: "https://staging.example.com" },
      production: { stackName: "EnvTest" },
    })) {
      const setup = await synthWithBuild(context);
      setups[name] = { ...setup, template: Template.fromStack(setup.result.stack) };
    }
  });
  afterAll(async () => {
    for (const setup of Object.values(setups)) await setup.cleanup();
  });

  test.each([
    ["staging", "EnvTest-staging", "https://staging.example.com", "Delete", false],
    ["production", "EnvTest", undefined, "Retain", true],
  ] as const)(
    "%s is its own stack, built for its environment into its own folder; its mails link to its origin; its table's deletion: %s",
    (name, stackName, url, deletion, protection) => {
      const { result, builds, template } = setups[name] ?? {};
      expect(result?.stack.stackName).toBe(stackName);
      expect(builds).toEqual([{ outDir: path.join(ROOT, ".dist", stackName), environment: { name, url } }]);
      const functions = Object.values(template?.findResources("AWS::Lambda::Function") as Record<string, Resource>);
      const siteUrls = functions.map(
        (fn) => (fn.Properties.Environment as { Variables?: Record<string, string> } | undefined)?.Variables?.SITE_URL,
      );
      // Production's lead mails link to content/site.yaml's url.
      expect(new Set(siteUrls.filter(Boolean))).toEqual(new Set([url ?? "https://www.example.com"]));
      const [table] = Object.values(template?.findResources("AWS::DynamoDB::Table") as Record<string, Resource>);
      expect(table).toMatchObject({ DeletionPolicy: deletion, Properties: { DeletionProtectionEnabled: protection } });
      expect(template?.toJSON().Description).toMatch(`Storefront (${name})`);
    },
  );
});

describe("the production stack's domain", () => {
  test("must be the host of content/site.yaml's url", async () => {
    const certificateArn = "arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-1111-2222-3333-444455556666";
    const attempt = synthWithBuild({ stackName: "EnvTest", domainName: "shop.example.org", certificateArn });
    await expect(attempt).rejects.toThrow(SiteConfigError);
    await expect(attempt).rejects.toThrow(
      "the production stack serves shop.example.org, but content/site.yaml url is https://www.example.com",
    );
  });
});

describe("cdk destroy on a fresh clone", () => {
  test("needs only the stack name: no build, no sender, no account; the shell cannot be deployed", async () => {
    const outdir = await mkdtemp(path.join(tmpdir(), "infra-cdk-out-"));
    try {
      const result = await createSiteApp({
        rootDir: ROOT,
        env: {},
        outdir,
        context: { destroy: "true", stackName: "Storefront-staging" },
      });
      expect(result.kind).toBe("teardown");
      expect(result.stack.stackName).toBe("Storefront-staging");
      const template = Template.fromStack(result.stack).toJSON() as {
        Resources?: Record<string, { Type: string }>;
        Rules: Record<string, unknown>;
      };
      expect(Object.values(template.Resources ?? {}).filter((r) => r.Type !== "AWS::CDK::Metadata")).toEqual([]);
      expect(template.Rules.DestroyOnly).toMatchObject({
        Assertions: [
          {
            Assert: { "Fn::Equals": ["destroy-only", "deployable"] },
            AssertDescription: expect.stringContaining("deploy without it"),
          },
        ],
      });
      result.app.synth();
    } finally {
      await rm(outdir, { recursive: true, force: true });
    }
  });
});
