import path from "node:path";
import { Duration, RemovalPolicy } from "aws-cdk-lib";
import * as iam from "aws-cdk-lib/aws-iam";
import * as lambda from "aws-cdk-lib/aws-lambda";
import { NodejsFunction, OutputFormat } from "aws-cdk-lib/aws-lambda-nodejs";
import * as logs from "aws-cdk-lib/aws-logs";
import type { Construct } from "constructs";

export interface LeadFunctionProps {
  /** The function's name from the spec: its folder under lambdas/ and its path under /api/. */
  name: string;
  /** Repository root; the entry is lambdas/<name>/handler.ts. */
  rootDir: string;
  /** The handlers' environment (lambdas/shared/env.ts leadEnvironment()). */
  environment: Record<string, string>;
  /** SES identities the function may send as: ses:SendEmail is allowed on these and nothing else. */
  sesIdentityArns: string[];
  /** A cost cap: at most this many concurrent invocations; undefined leaves it unreserved. */
  reservedConcurrency: number | undefined;
  logRetention: logs.RetentionDays;
}

/**
 * One lead handler with the team's defaults: Node 24 on arm64, an ESM bundle built by the local esbuild (minified,
 * with source maps), its own log group with a retention, a role that may only write that log group and send mail as
 * the configured SES identity, and a function URL that only CloudFront may call (AWS_IAM, origin access control).
 */
export class LeadFunction extends NodejsFunction {
  /** The name from the spec, e.g. send-contact-email. */
  readonly leadName: string;
  /** Reached only through the distribution's /api/<name> behaviour. */
  readonly url: lambda.FunctionUrl;

  constructor(scope: Construct, id: string, props: LeadFunctionProps) {
    // Our own role and log group instead of the defaults: the default role carries the AWS managed basic execution
    // policy, which may create log groups anywhere in the account.
    const logGroup = new logs.LogGroup(scope, `${id}Logs`, {
      retention: props.logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const role = new iam.Role(scope, `${id}Role`, {
      assumedBy: new iam.ServicePrincipal("lambda.amazonaws.com"),
      description: `Runs ${props.name}: writes its own log group and sends mail as the configured SES identity only`,
    });
    logGroup.grantWrite(role);
    role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ["ses:SendEmail"], resources: props.sesIdentityArns }));

    super(scope, id, {
      description: `POST /api/${props.name}: validates a lead and e-mails it through SES`,
      entry: path.join(props.rootDir, "lambdas", props.name, "handler.ts"),
      handler: "handler",
      projectRoot: props.rootDir,
      depsLockFilePath: path.join(props.rootDir, "package-lock.json"),
      runtime: lambda.Runtime.NODEJS_24_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: 256,
      // SES answers in well under a second; a hung call should fail while the visitor is still waiting.
      timeout: Duration.seconds(10),
      reservedConcurrentExecutions: props.reservedConcurrency,
      role,
      logGroup,
      environment: { ...props.environment, NODE_OPTIONS: "--enable-source-maps" },
      bundling: {
        format: OutputFormat.ESM,
        target: "node24",
        minify: true,
        sourceMap: true,
        sourcesContent: false,
        mainFields: ["module", "main"],
        // A CommonJS dependency inside an ES module bundle still calls require().
        banner: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);",
        // There is no Docker on the build machines; esbuild from node_modules does the bundling.
        forceDockerBundling: false,
      },
    });
    this.leadName = props.name;
    this.url = this.addFunctionUrl({ authType: lambda.FunctionUrlAuthType.AWS_IAM });
  }
}
