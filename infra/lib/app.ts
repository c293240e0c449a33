import { App, type AppProps, Validations } from "aws-cdk-lib";
import { AwsSolutionsChecks } from "cdk-nag";
import { readSiteConfig, type SiteConfig } from "./config.ts";
import { readLeadContent } from "./lead-content.ts";
import { readSiteBuild } from "./site-build.ts";
import { SiteStack } from "./site-stack.ts";

export interface SiteAppOptions extends AppProps {
  /** Repository root: dist/, content/ and lambdas/ are found from here. */
  rootDir: string;
  /** Environment for the SITE_* and CDK_DEFAULT_* fallbacks; process.env in bin/site.ts. */
  env: Readonly<Record<string, string | undefined>>;
}

/**
 * The CDK app: settings checked, the build and content read, one stack, and cdk-nag's AWS Solutions checks, which
 * fail the synthesis on any finding that is not acknowledged with a reason.
 * @throws SiteConfigError for bad settings or a missing build, ContentErrors for invalid content
 */
export async function createSiteApp(options: SiteAppOptions): Promise<{ app: App; stack: SiteStack; config: SiteConfig }> {
  const { rootDir, env, ...appProps } = options;
  const app = new App(appProps);
  const config = readSiteConfig((key) => app.node.tryGetContext(key), env, rootDir);
  const build = readSiteBuild(config.distDir);
  const leadContent = await readLeadContent(config.contentDir);
  const stack = new SiteStack(app, config.stackName, {
    env: config.env,
    description: "Storefront: static site on S3 + CloudFront, lead functions, SES identity",
    config,
    build,
    leadContent,
    rootDir,
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack, config };
}
