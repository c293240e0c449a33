import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import vm from "node:vm";
import { Match, Template } from "aws-cdk-lib/assertions";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { cdkJsonContext, createSiteApp } from "../../infra/lib/app.ts";
import { SiteConfigError } from "../../infra/lib/config.ts";
import { apexRedirectSource } from "../../infra/lib/constructs/apex-redirect.ts";
import type { SiteEnvironment } from "../../src/lib/site-environment.ts";
import { EXAMPLE_CONTEXT, ROOT, synthesized, writeFixtureDist } from "./fixtures.ts";

const ZONE = { hostedZoneId: "Z0123456789ABCDEFGHIJ", hostedZoneName: "example.com" };
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
  let staging: Awaited<ReturnType<typeof synthWithBuild>>;
  let production: Awaited<ReturnType<typeof synthWithBuild>>;
  const template = (setup: typeof staging) => Template.fromStack(setup.result.stack);
  const tableOf = (setup: typeof staging) =>
    Object.values(template(setup).findResources("AWS::DynamoDB::Table") as Record<string, Resource>)[0];
  const siteUrls = (setup: typeof staging) =>
    Object.values(template(setup).findResources("AWS::Lambda::Function") as Record<string, Resource>)
      .map(
        (fn) => (fn.Properties.Environment as { Variables?: Record<string, string> } | undefined)?.Variables?.SITE_URL,
      )
      .filter(Boolean);

  beforeAll(async () => {
    // Test-only stack names keep these builds out of the folders real deploys use.
    staging = await synthWithBuild({
      env: "staging",
      stackName: "EnvTest-staging",
      url: "https://staging.example.com",
    });
    production = await synthWithBuild({ stackName: "EnvTest" });
  });
  afterAll(async () => {
    await staging.cleanup();
    await production.cleanup();
  });

  test("is its own stack, built for staging at its own origin into its own folder", () => {
    expect(staging.result.stack.stackName).toBe("EnvTest-staging");
    expect(staging.builds).toEqual([
      {
        outDir: path.join(ROOT, ".dist", "EnvTest-staging"),
        environment: { name: "staging", url: "https://staging.example.com" },
      },
    ]);
    expect(production.builds).toEqual([
      { outDir: path.join(ROOT, ".dist", "EnvTest"), environment: { name: "production", url: undefined } },
    ]);
  });

  test("its lead mails link to the staging origin; production's to site.yaml's url", () => {
    expect(new Set(siteUrls(staging))).toEqual(new Set(["https://staging.example.com"]));
    expect(new Set(siteUrls(production))).toEqual(new Set(["https://www.example.com"]));
  });

  test("staging's table goes with its stack; production's stays and refuses deletion", () => {
    expect(tableOf(staging)).toMatchObject({ DeletionPolicy: "Delete" });
    expect(tableOf(staging)?.Properties.DeletionProtectionEnabled).toBe(false);
    expect(tableOf(production)).toMatchObject({
      DeletionPolicy: "Retain",
      Properties: { DeletionProtectionEnabled: true },
    });
  });

  test("says which environment it is in the stack description", () => {
    expect(template(staging).toJSON().Description).toMatch(/^Storefront \(staging\)/);
    expect(template(production).toJSON().Description).toMatch(/^Storefront \(production\)/);
  });
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

describe("the apex redirect", () => {
  const synth = synthesized({ ...ZONE, domainName: "www.example.com", redirectApex: "true" });

  test("serves example.com from a second distribution with the site's certificate and its own alias records", () => {
    synth.template.hasResourceProperties("AWS::CertificateManager::Certificate", {
      DomainName: "www.example.com",
      SubjectAlternativeNames: ["example.com"],
    });
    synth.template.hasResourceProperties("AWS::CloudFront::Distribution", {
      DistributionConfig: Match.objectLike({
        Aliases: ["example.com"],
        ViewerCertificate: Match.objectLike({ MinimumProtocolVersion: "TLSv1.2_2021" }),
      }),
    });
    for (const Type of ["A", "AAAA"])
      synth.template.hasResourceProperties("AWS::Route53::RecordSet", { Name: "example.com.", Type });
  });

  test("answers every request with a permanent redirect to the same path and query on www", () => {
    synth.template.hasResourceProperties("AWS::CloudFront::Function", {
      FunctionCode: apexRedirectSource("www.example.com"),
    });
    const handler = vm.runInNewContext(`${apexRedirectSource("www.example.com")}\n;handler`, Object.create(null)) as (
      event: unknown,
    ) => {
      statusCode: number;
      headers: { location: { value: string } };
    };
    const redirect = (uri: string, querystring: Record<string, unknown> = {}) =>
      handler({ request: { uri, querystring } });
    expect(redirect("/")).toMatchObject({
      statusCode: 301,
      headers: { location: { value: "https://www.example.com/" } },
    });
    expect(
      redirect("/products/esim", {
        ref: { value: "mail" },
        tag: { value: "a", multiValue: [{ value: "a" }, { value: "b" }] },
        flag: { value: "" },
      }).headers.location.value,
    ).toBe("https://www.example.com/products/esim?ref=mail&tag=a&tag=b&flag");
  });
});
