import { Duration, RemovalPolicy, Validations } from "aws-cdk-lib";
import * as iam from "aws-cdk-lib/aws-iam";
import * as lambda from "aws-cdk-lib/aws-lambda";
import type * as logs from "aws-cdk-lib/aws-logs";
import * as secretsmanager from "aws-cdk-lib/aws-secretsmanager";
import { Construct } from "constructs";
import { GITHUB_OAUTH_FUNCTION } from "../../../lambdas/github-oauth/paths.ts";
import { AppFunction } from "./lead-function.ts";

export interface GitHubOAuthProps {
  rootDir: string;
  /** The OAuth app's client id; undefined until the app is registered (every sign-in then says so). */
  clientId: string | undefined;
  scope: "repo" | "public_repo";
  /** Keep the secret when the stack goes (production): a new one would need the value set again. */
  retainSecret: boolean;
  reservedConcurrency: number | undefined;
  logRetention: logs.RetentionDays;
}

/**
 * /admin's GitHub sign-in: the github-oauth function behind a function URL that only CloudFront may call (served at
 * /api/github-oauth/* by StaticSite), and the secret holding the OAuth app's client secret, which the stack creates
 * with a placeholder and the operator sets (docs/deploy.md, Sign-in for /admin). Only this function may read it.
 */
export class GitHubOAuth extends Construct {
  readonly secret: secretsmanager.Secret;
  readonly function: AppFunction;
  readonly url: lambda.FunctionUrl;

  constructor(scope: Construct, id: string, props: GitHubOAuthProps) {
    super(scope, id);
    // The value is GitHub's, shown once when the operator generates it; in the environment it would be readable by
    // anyone who may read the function's configuration. Until it is set, GitHub refuses the placeholder and the
    // function says the sign-in is not set up correctly.
    this.secret = new secretsmanager.Secret(this, "ClientSecret", {
      description:
        "The GitHub OAuth app's client secret for /admin's sign-in (lambdas/github-oauth); set by the operator, docs/deploy.md",
      generateSecretString: { passwordLength: 40, excludePunctuation: true },
      removalPolicy: props.retainSecret ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    Validations.of(this.secret).acknowledge({
      id: "AwsSolutions-SMG4",
      reason:
        "The value is issued by GitHub for the OAuth app; it is rotated on GitHub (Generate a new client secret) and set here by hand, as docs/deploy.md says.",
    });

    this.function = new AppFunction(this, "Function", {
      folder: GITHUB_OAUTH_FUNCTION,
      description: "GET /api/github-oauth/auth and /callback: GitHub sign-in for the content editor (/admin)",
      rootDir: props.rootDir,
      environment: {
        GITHUB_CLIENT_SECRET_ARN: this.secret.secretArn,
        GITHUB_OAUTH_SCOPE: props.scope,
        ...(props.clientId ? { GITHUB_CLIENT_ID: props.clientId } : {}),
      },
      statements: [
        new iam.PolicyStatement({ actions: ["secretsmanager:GetSecretValue"], resources: [this.secret.secretArn] }),
      ],
      // The token exchange gives GitHub 5 s; CloudFront waits 15 s for the origin.
      timeout: Duration.seconds(10),
      reservedConcurrency: props.reservedConcurrency,
      logRetention: props.logRetention,
    });
    this.url = this.function.addFunctionUrl({ authType: lambda.FunctionUrlAuthType.AWS_IAM });
  }
}
