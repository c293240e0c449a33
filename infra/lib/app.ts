import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { App, type AppProps, CfnRule, Fn, Stack, Validations } from "aws-cdk-lib";
import { AwsSolutionsChecks } from "cdk-nag";
import type { SiteEnvironment } from "../../src/lib/site-environment.ts";
import {
  checkPreviewInbox,
  checkSiteUrl,
  isTeardown,
  readSiteConfig,
  readTeardownConfig,
  type SettingSources,
  type SiteConfig,
} from "./config.ts";
import { readSiteContent } from "../../build/read-content.ts";
import { readSiteBuild } from "./site-build.ts";
import { type LeadContent, SiteStack } from "./site-stack.ts";

export interface SiteAppOptions extends AppProps {
  /** Repository root: dist/, content/ and lambdas/ are found from here. */
  rootDir: string;
  /** Environment for the SITE_* and CDK_DEFAULT_* fallbacks; process.env in bin/site.ts. */
  env: Readonly<Record<string, string | undefined>>;
  /**
   * Builds the site for the stack's environment into outDir; called when no prebuilt distDir is given.
   * bin/site.ts passes the real build; tests pass a prebuilt distDir instead.
   */
  buildSite?: (outDir: string, environment: SiteEnvironment, deployment?: SiteDeployment) => Promise<void>;
  /** Where the app says what it assumed (settings taken from the examples); bin/site.ts prints to stderr. */
  log?: (line: string) => void;
}

/**
 * What a production or staging stack's build must know besides its environment: the repository /admin saves to
 * (build/index.ts deployment). A preview's has none: previews carry no editor.
 */
interface SiteDeployment {
  githubRepo: string | undefined;
}

export type SiteApp =
  | { kind: "site"; app: App; stack: SiteStack; config: SiteConfig }
  | { kind: "teardown"; app: App; stack: Stack; config: undefined };

/**
 * The CDK app: settings checked, the site built for its environment, content read, one stack, and cdk-nag's AWS
 * Solutions checks, which fail the synthesis on any finding that is not acknowledged with a reason.
 * With -c destroy=true it is an empty shell that only names the stack, so `cdk destroy` needs no build and no keys.
 * @throws SiteConfigError for bad settings or a missing build, ContentErrors for invalid content
 */
export async function createSiteApp(options: SiteAppOptions): Promise<SiteApp> {
  const { rootDir, env, buildSite, log, ...appProps } = options;
  const app = new App(appProps);
  const sources: SettingSources = { context: app.node.getAllContext(), fileContext: cdkJsonContext(rootDir), env };
  if (isTeardown(sources)) return { kind: "teardown", app, stack: teardownStack(app, sources), config: undefined };

  const config = readSiteConfig(sources, rootDir);
  if (config.examples.length)
    log?.(
      `[synth] no ${config.examples.map((setting) => setting.split("=")[0]).join(", ")} given: an offline check with the examples ${config.examples.join(" ")}; deploy with your own (docs/deploy.md, Settings)`,
    );
  const leadContent = await readLeadContent(config.contentDir);
  checkSiteUrl(config, leadContent.site.url);
  checkPreviewInbox(config, leadContent.site.contact.email);
  // A preview is built as staging is (noindex, its own origin); the pull requests' own builds replace it per prefix.
  const environment: SiteEnvironment = {
    name: config.environment === "production" ? "production" : "staging",
    url: config.siteUrl,
  };
  let distDir = config.distDir;
  if (distDir === undefined) {
    if (!buildSite) throw new Error("createSiteApp needs a prebuilt distDir or a buildSite function");
    // One folder per stack: a staging build never lands in the folder production deploys from.
    distDir = path.join(rootDir, ".dist", config.stackName);
    const deployment = config.environment === "preview" ? undefined : { githubRepo: config.githubRepo };
    await buildSite(distDir, environment, deployment);
  }
  const build = readSiteBuild(distDir);
  const stack = new SiteStack(app, config.stackName, {
    env: config.env,
    description: `Storefront (${config.environment}): static site on S3 + CloudFront, lead functions and store, SES identity, alarms`,
    config,
    build,
    leadContent: { ...leadContent, site: { ...leadContent.site, url: config.siteUrl ?? leadContent.site.url } },
    rootDir,
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { kind: "site", app, stack, config };
}

/**
 * Reads content/ the way the build does, so the stack configures the handlers from the same validated facts.
 * @throws ContentErrors listing every content problem (the build reports the same)
 */
async function readLeadContent(contentDir: string): Promise<LeadContent> {
  const { site, products, installation } = await readSiteContent(contentDir);
  const names = (items: ReadonlyArray<{ id: string; name: string }>) => items.map(({ id, name }) => ({ id, name }));
  return {
    site,
    products: names(products),
    packages: names(installation.packages),
    retentionDays: site.leads.retentionDays,
  };
}

/** cdk.json "context", to tell committed values from -c flags; empty when there is no cdk.json. */
export function cdkJsonContext(rootDir: string): Record<string, unknown> {
  const file = path.join(rootDir, "cdk.json");
  if (!existsSync(file)) return {};
  const json = JSON.parse(readFileSync(file, "utf8")) as { context?: Record<string, unknown> };
  return json.context ?? {};
}

/**
 * The stack under its name with nothing in it: `cdk destroy` deletes by name and never deploys this template.
 * Should anyone deploy it, a template rule fails the change set before a single resource is touched.
 */
function teardownStack(app: App, sources: SettingSources): Stack {
  const { stackName, env } = readTeardownConfig(sources);
  const stack = new Stack(app, stackName, {
    env,
    description: "Shell of the storefront stack for cdk destroy; never deployed",
  });
  new CfnRule(stack, "DestroyOnly", {
    assertions: [
      {
        assert: Fn.conditionEquals("destroy-only", "deployable"),
        assertDescription: "This template was synthesized with -c destroy=true for cdk destroy; deploy without it.",
      },
    ],
  });
  return stack;
}
