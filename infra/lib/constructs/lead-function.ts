import path from "node:path";
import { Duration, RemovalPolicy } from "aws-cdk-lib";
import * as iam from "aws-cdk-lib/aws-iam";
import * as lambda from "aws-cdk-lib/aws-lambda";
import { NodejsFunction, OutputFormat } from "aws-cdk-lib/aws-lambda-nodejs";
import * as logs from "aws-cdk-lib/aws-logs";
import type { Construct } from "constructs";

export interface AppFunctionProps {
  /** Its folder under lambdas/; the entry is lambdas/<folder>/handler.ts. */
  folder: string;
  /** The export Lambda calls: handler, or another export of the same file (deliver-lead's sweep). */
  exportName?: string;
  description: string;
  /** Repository root. */
  rootDir: string;
  environment: Record<string, string>;
  /** Everything the function may do besides writing its own logs; nothing else is granted. */
  statements: iam.PolicyStatement[];
  timeout: Duration;
  /** A cost cap: at most this many concurrent invocations; undefined leaves it unreserved. */
  reservedConcurrency: number | undefined;
  logRetention: logs.RetentionDays;
}

/**
 * A function with the team's defaults: Node 24 on arm64, one ESM bundle built by the local esbuild (minified, with
 * source maps, the tested AWS SDK inside), its own log group with a retention, and a role that may write that log
 * group and do exactly what `statements` say.
 */
export class AppFunction extends NodejsFunction {
  /** Where the function's JSON log lines go; the mail-failure metric filters read it. */
  readonly logs: logs.LogGroup;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    // Our own role and log group instead of the defaults: the default role carries the AWS managed basic execution
    // policy, which may create log groups anywhere in the account.
    const logGroup = new logs.LogGroup(scope, `${id}Logs`, {
      retention: props.logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const role = new iam.Role(scope, `${id}Role`, {
      assumedBy: new iam.ServicePrincipal("lambda.amazonaws.com"),
      description: `Runs ${props.folder}: writes its own log group and does only what its policy lists`,
    });
    logGroup.grantWrite(role);
    for (const statement of props.statements) role.addToPrincipalPolicy(statement);

    super(scope, id, {
      description: props.description,
      entry: path.join(props.rootDir, "lambdas", props.folder, "handler.ts"),
      handler: props.exportName ?? "handler",
      projectRoot: props.rootDir,
      depsLockFilePath: path.join(props.rootDir, "package-lock.json"),
      runtime: lambda.Runtime.NODEJS_24_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: 256,
      timeout: props.timeout,
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
        // Bundle the AWS SDK the tests ran (package-lock.json) instead of whatever version the runtime ships; esbuild
        // keeps only the commands we import.
        externalModules: [],
        // A CommonJS dependency inside an ES module bundle still calls require().
        banner: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);",
        // There is no Docker on the build machines; esbuild from node_modules does the bundling.
        forceDockerBundling: false,
      },
    });
    this.logs = logGroup;
  }
}

export interface LeadFunctionProps extends Omit<AppFunctionProps, "folder" | "description" | "timeout"> {
  /** The function's name from the spec: its folder under lambdas/ and its path under /api/. */
  name: string;
  /**
   * Takes POSTs that no browser script signs: a plain HTML form and a mail provider's RFC 8058 one-click POST cannot
   * send the body hash that origin access control needs on a POST. Its URL then takes unsigned requests; CloudFront
   * adds a secret origin-verify header instead (site-stack.ts), and the function refuses requests without it.
   */
  unsignedPosts?: boolean;
}

/**
 * One lead handler: an AppFunction behind a function URL that only CloudFront may call (AWS_IAM, origin access
 * control), with the contract's 10 s timeout: store, then mail within what is left, while the visitor waits.
 */
export class LeadFunction extends AppFunction {
  /** The name from the spec, e.g. send-contact-email. */
  readonly leadName: string;
  /** Reached only through the distribution's /api/<name> behaviour. */
  readonly url: lambda.FunctionUrl;
  /** Whether CloudFront signs its requests (origin access control); see `unsignedPosts`. */
  readonly signed: boolean;

  constructor(scope: Construct, id: string, props: LeadFunctionProps) {
    super(scope, id, {
      ...props,
      folder: props.name,
      description: `POST /api/${props.name}: validates a lead, stores it, and e-mails it through SES`,
      timeout: Duration.seconds(10),
    });
    this.leadName = props.name;
    this.signed = !props.unsignedPosts;
    this.url = this.addFunctionUrl({
      authType: this.signed ? lambda.FunctionUrlAuthType.AWS_IAM : lambda.FunctionUrlAuthType.NONE,
    });
  }
}
