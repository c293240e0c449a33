import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps, Validations } from "aws-cdk-lib";
import * as acm from "aws-cdk-lib/aws-certificatemanager";
import * as iam from "aws-cdk-lib/aws-iam";
import type * as logs from "aws-cdk-lib/aws-logs";
import * as route53 from "aws-cdk-lib/aws-route53";
import * as targets from "aws-cdk-lib/aws-route53-targets";
import * as s3 from "aws-cdk-lib/aws-s3";
import * as secretsmanager from "aws-cdk-lib/aws-secretsmanager";
import * as ses from "aws-cdk-lib/aws-ses";
import * as wafv2 from "aws-cdk-lib/aws-wafv2";
import type { Construct } from "constructs";
import { GITHUB_OAUTH_FUNCTION, GITHUB_OAUTH_PATHS } from "../../lambdas/github-oauth/paths.ts";
import { type LeadEnvironmentInput, leadEnvironment } from "../../lambdas/shared/env.ts";
import { NEWSLETTER_ROUTES, ORIGIN_VERIFY_HEADER, SUBSCRIBE_FUNCTION } from "../../src/lib/newsletter.ts";
import type { SiteConfig } from "./config.ts";
import { Alarms } from "./constructs/alarms.ts";
import { ApexRedirect } from "./constructs/apex-redirect.ts";
import { GitHubOAuth } from "./constructs/github-oauth.ts";
import { DELIVERY_FOLDER, LeadDelivery } from "./constructs/lead-delivery.ts";
import { LeadFunction } from "./constructs/lead-function.ts";
import { LeadStore } from "./constructs/lead-store.ts";
import { StaticSite } from "./constructs/static-site.ts";
import type { SiteBuild } from "./site-build.ts";

/** The part of content the lead handlers are configured from, and the days a lead stays in the table. */
export type LeadContent = Pick<LeadEnvironmentInput, "site" | "products" | "packages"> & { retentionDays: number };

export interface SiteStackProps extends StackProps {
  config: SiteConfig;
  build: SiteBuild;
  leadContent: LeadContent;
  /** Repository root: lambdas/ and package-lock.json live there. */
  rootDir: string;
}

/**
 * Every folder under lambdas/ with a handler.ts is a function served at /api/<folder>, as in the local server;
 * deliver-lead is the retry sender behind the queue, never reachable from the site; github-oauth is /admin's sign-in,
 * no lead function (GitHubOAuth).
 */
export function leadFunctionNames(rootDir: string): string[] {
  const dir = path.join(rootDir, "lambdas");
  const internal = new Set(["shared", DELIVERY_FOLDER, GITHUB_OAUTH_FUNCTION]);
  return readdirSync(dir, { withFileTypes: true })
    .filter(
      (entry) =>
        entry.isDirectory() && !internal.has(entry.name) && existsSync(path.join(dir, entry.name, "handler.ts")),
    )
    .map((entry) => entry.name)
    .sort();
}

const pascal = (name: string) => name.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

/**
 * The whole deployment: site, lead functions with their store, retry path and alarms, SES identity and configuration
 * set, and the optional domain, apex redirect, WAF and access logs.
 */
export class SiteStack extends Stack {
  readonly site: StaticSite;
  readonly functions: LeadFunction[];
  readonly store: LeadStore;
  readonly delivery: LeadDelivery;
  readonly alarms: Alarms;
  readonly newsletterSecret: secretsmanager.Secret;
  readonly originVerifySecret: secretsmanager.Secret;
  /** /admin's GitHub sign-in and its client secret; absent on previews. */
  readonly githubOAuth: GitHubOAuth | undefined;
  /** Holds the lead webhook's URL (-c leadWebhook=true); its value is set by the operator, never by the stack. */
  readonly leadWebhookSecret: secretsmanager.Secret | undefined;
  /** The key every webhook post is signed with (-c leadWebhook=true), generated; the receiver verifies with it. */
  readonly leadWebhookSigningSecret: secretsmanager.Secret | undefined;

  constructor(scope: Construct, id: string, props: SiteStackProps) {
    super(scope, id, props);
    const { config, build, leadContent, rootDir } = props;
    const zone = config.hostedZone
      ? route53.PublicHostedZone.fromPublicHostedZoneAttributes(this, "Zone", {
          hostedZoneId: config.hostedZone.id,
          zoneName: config.hostedZone.name,
        })
      : undefined;
    if (config.createSesIdentity) this.senderIdentity(config.sesIdentity, zone);
    const recipientEmail = config.recipientEmail ?? leadContent.site.contact.email;
    this.alarms = new Alarms(this, "Alarms", { email: config.alarmEmail });
    const { configurationSet, sesResources } = this.mailEvents(config.sesIdentity, recipientEmail);
    this.store = new LeadStore(this, "LeadStore", { retain: config.environment === "production" });
    const retain = config.environment === "production";
    const secrets = this.secrets(retain, config.leadWebhook);
    this.leadWebhookSecret = secrets.leadWebhook;
    this.leadWebhookSigningSecret = secrets.leadWebhookSigning;
    this.newsletterSecret = secrets.newsletter;
    this.originVerifySecret = secrets.originVerify;
    const logRetention = config.logRetentionDays as logs.RetentionDays;
    const environment = this.leadEnvironment(config, leadContent, recipientEmail, configurationSet);
    this.functions = this.leadFunctions(config, rootDir, environment, sesResources, logRetention);
    this.delivery = new LeadDelivery(this, "LeadDelivery", {
      store: this.store,
      rootDir,
      environment,
      sesResources,
      configurationSet,
      logRetention,
      webhookSecrets: [this.leadWebhookSecret, this.leadWebhookSigningSecret].filter((secret) => secret !== undefined),
    });
    // Previews carry no editor, so nothing signs in there.
    this.githubOAuth =
      config.environment === "preview"
        ? undefined
        : new GitHubOAuth(this, "GitHubOAuth", {
            rootDir,
            clientId: config.githubOAuth.clientId,
            scope: config.githubOAuth.scope,
            retainSecret: retain,
            // Sign-ins are a few a day; two at once is plenty, and the cap keeps the account's quota for the forms.
            reservedConcurrency:
              config.reservedConcurrency === undefined ? undefined : Math.min(2, config.reservedConcurrency),
            logRetention,
          });
    this.watch(config.monthlyBudget);
    const domain = this.domain(config, zone);
    this.site = new StaticSite(this, "Site", {
      build,
      domain,
      api: this.functions.map((fn) => ({
        name: fn.leadName,
        url: fn.url,
        signed: fn.signed,
        routes: fn.leadName === SUBSCRIBE_FUNCTION ? NEWSLETTER_ROUTES : undefined,
        // The one unsigned function is subscribe (unsignedPosts), the one given the secret's ARN to check it.
        originHeaders: fn.signed
          ? undefined
          : { [ORIGIN_VERIFY_HEADER]: this.originVerifySecret.secretValue.unsafeUnwrap() },
      })),
      signIn: this.githubOAuth?.url,
      webAclArn: config.waf ? this.webAcl().attrArn : undefined,
      logBucket: config.accessLogs ? this.accessLogBucket(config.accessLogs.retentionDays) : undefined,
      preview: config.environment === "preview",
    });
    this.alarms.watchDistribution(this.site.distribution);
    if (zone && domain) this.aliasRecords(config, zone, domain.certificate);
    this.outputs(leadContent.site.url, config.domain?.name);
  }

  /**
   * The configuration set every mail goes out through: bounces and complaints reach the vendor, and SES stops mailing
   * an address that bounced or complained (what an abused acknowledgement form would otherwise keep hitting).
   * @returns with it the resources ses:SendEmail is checked against: the sending identity, the configuration set and,
   *   while the account is in the SES sandbox, the recipient (the vendor's inbox is the only one we can name in advance)
   */
  private mailEvents(sesIdentity: string, recipientEmail: string) {
    const configurationSet = new ses.ConfigurationSet(this, "MailEvents", {
      suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
      reputationMetrics: true,
    });
    configurationSet.addEventDestination("Notices", {
      destination: ses.EventDestination.snsTopic(this.alarms.topic),
      events: [ses.EmailSendingEvent.BOUNCE, ses.EmailSendingEvent.COMPLAINT],
    });
    const sesResources = [
      ...[...new Set([sesIdentity, recipientEmail.toLowerCase()])].map((identity) =>
        this.formatArn({ service: "ses", resource: "identity", resourceName: identity }),
      ),
      this.formatArn({
        service: "ses",
        resource: "configuration-set",
        resourceName: configurationSet.configurationSetName,
      }),
    ];
    return { configurationSet, sesResources };
  }

  /** The stack's generated secrets; the webhook's two only with -c leadWebhook=true. */
  private secrets(retain: boolean, withWebhook: boolean) {
    // The webhook's URL lets whoever holds it post into the team's channel: it lives only in this secret, set by the
    // operator (docs/deploy.md), so no template, cdk.out, workflow artifact or function configuration shows it. The
    // functions get its ARN (which tells the form handlers to queue a post); only deliver-lead's sender may read it.
    // Until its value is set, the stack's placeholder is no https URL: posts fail (retried, alarmed), mail is unaffected.
    const leadWebhook = withWebhook
      ? this.secret("LeadWebhookSecret", retain, 32, {
          description:
            "The https URL every mailed lead is posted to (lambdas/shared/lead-webhook.ts); set by the operator, docs/deploy.md",
          unrotated:
            "The value is a URL issued by the receiving service (a Slack incoming webhook); it is rotated there and set here by hand.",
        })
      : undefined;
    // Receivers check each post's HMAC under this generated key (lambdas/shared/webhook-signature.ts); only the sender
    // may read it here, and the operator hands its value to the receiving service (docs/deploy.md).
    const leadWebhookSigning = withWebhook
      ? this.secret("LeadWebhookSigningSecret", retain, 64, {
          description: "Signs every lead webhook post (HMAC-SHA256, lambdas/shared/webhook-signature.ts)",
          unrotated:
            "The receiver holds a copy; it is rotated by hand, signing with both keys for a while (docs/deploy.md).",
        })
      : undefined;
    // The newsletter's links are HMACs under this key; only the subscribe function may read it.
    const newsletter = this.secret("NewsletterSecret", retain, 64, {
      description: "Signs the newsletter's confirm and unsubscribe links (lambdas/shared/newsletter-tokens.ts)",
      unrotated:
        "Rotating the key would break every confirm and unsubscribe link already mailed; it is rotated by hand when needed.",
    });
    // The subscribe function's URL takes unsigned requests (LeadFunction's unsignedPosts), so CloudFront proves itself
    // with this value instead, sent as a custom origin header to that origin only; the function refuses requests
    // without it (lambdas/shared/origin-verify.ts). The distribution receives the value through a CloudFormation
    // dynamic reference (the template holds only the reference; CloudFront's origin settings must hold the value
    // itself), the function its ARN, reading the value once per container: in its environment the value would be shown
    // to anyone who may read the function's configuration. Nothing outside the stack uses it, so it goes with the stack.
    const originVerify = this.secret("OriginVerifySecret", false, 64, {
      description: "Sent by CloudFront to the subscribe function as x-origin-verify; direct calls of its URL lack it",
      unrotated:
        "CloudFront holds a copy resolved at deployment; a scheduled rotation would change the secret without updating the distribution and lock the newsletter out. Rotate by replacing the secret in a deployment.",
    });
    return { leadWebhook, leadWebhookSigning, newsletter, originVerify };
  }

  /** A generated secret; `unrotated` says why it has no rotation schedule. */
  private secret(
    id: string,
    retain: boolean,
    passwordLength: number,
    { description, unrotated }: { description: string; unrotated: string },
  ): secretsmanager.Secret {
    const secret = new secretsmanager.Secret(this, id, {
      description,
      generateSecretString: { passwordLength, excludePunctuation: true },
      removalPolicy: retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    Validations.of(secret).acknowledge({ id: "AwsSolutions-SMG4", reason: unrotated });
    return secret;
  }

  /** The lead functions' environment: content's, plus where the stack's store, queue, set and secrets are. */
  private leadEnvironment(
    config: SiteConfig,
    leadContent: LeadContent,
    recipientEmail: string,
    configurationSet: ses.ConfigurationSet,
  ): Record<string, string> {
    // Lambda sets AWS_REGION itself (and refuses it as a variable); it is the stack's region, where the identity lives.
    const { AWS_REGION: _region, ...content } = leadEnvironment({
      ...leadContent,
      senderEmail: config.senderEmail,
      recipientEmail,
      region: config.env.region,
    });
    return {
      ...content,
      LEADS_TABLE_NAME: this.store.table.tableName,
      LEAD_QUEUE_URL: this.store.queue.queueUrl,
      SES_CONFIGURATION_SET: configurationSet.configurationSetName,
      ACK_DAILY_LIMIT: String(config.ackDailyLimit),
      LEAD_RETENTION_DAYS: String(leadContent.retentionDays),
      ...(this.leadWebhookSecret ? { LEAD_WEBHOOK_SECRET_ARN: this.leadWebhookSecret.secretArn } : {}),
      ...(this.leadWebhookSigningSecret
        ? { LEAD_WEBHOOK_SIGNING_SECRET_ARN: this.leadWebhookSigningSecret.secretArn }
        : {}),
    };
  }

  /** One function per lead folder; subscribe alone also reads the newsletter's and CloudFront's secrets. */
  private leadFunctions(
    config: SiteConfig,
    rootDir: string,
    environment: Record<string, string>,
    sesResources: string[],
    logRetention: logs.RetentionDays,
  ): LeadFunction[] {
    const allow = (actions: string[], resources: string[]) => new iam.PolicyStatement({ actions, resources });
    const leadStatements = [
      allow(["dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:GetItem"], [this.store.table.tableArn]),
      allow(["sqs:SendMessage"], [this.store.queue.queueArn]),
      allow(["ses:SendEmail"], sesResources),
    ];
    const readSecrets = [this.newsletterSecret, this.originVerifySecret].map((secret) =>
      allow(["secretsmanager:GetSecretValue"], [secret.secretArn]),
    );
    return leadFunctionNames(rootDir).map((name) => {
      const newsletter = name === SUBSCRIBE_FUNCTION;
      return new LeadFunction(this, `${pascal(name)}Function`, {
        name,
        rootDir,
        environment: newsletter
          ? {
              ...environment,
              NEWSLETTER_SECRET_ARN: this.newsletterSecret.secretArn,
              ORIGIN_VERIFY_SECRET_ARN: this.originVerifySecret.secretArn,
            }
          : environment,
        statements: newsletter ? [...leadStatements, ...readSecrets] : leadStatements,
        reservedConcurrency: config.reservedConcurrency,
        logRetention,
        unsignedPosts: newsletter,
      });
    });
  }

  /** Alarms on every function, the mail failures, the dead letters and, when asked, the month's spend. */
  private watch(monthlyBudget: number | undefined): void {
    for (const fn of this.functions) {
      this.alarms.watchFunction(pascal(fn.leadName), fn, fn.leadName);
      this.alarms.watchMailFailures(pascal(fn.leadName), fn.logs);
    }
    this.alarms.watchFunction("DeliverLead", this.delivery.sender, "deliver-lead (the retry sender)");
    this.alarms.watchFunction("SweepLeads", this.delivery.sweeper, "deliver-lead's sweep");
    this.alarms.watchFunction("RecordMailEvents", this.delivery.recorder, "deliver-lead's send-event recorder");
    this.alarms.watchFunction("SpamDigest", this.delivery.digester, "the spam folder's daily digest");
    this.alarms.watchMailFailures("DeliverLead", this.delivery.sender.logs);
    this.alarms.watchDeadLetters(this.store.deadLetterQueue);
    if (monthlyBudget !== undefined) this.alarms.watchSpend(monthlyBudget);
    if (this.githubOAuth)
      this.alarms.watchFunction("GitHubOAuth", this.githubOAuth.function, "/admin's GitHub sign-in");
  }

  private accessLogBucket(retentionDays: number): s3.Bucket {
    const bucket = new s3.Bucket(this, "AccessLogs", {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logging writes with ACLs.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ id: "expire-access-logs", expiration: Duration.days(retentionDays) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(bucket).acknowledge({
      id: "AwsSolutions-S1",
      reason: "This is the access-log bucket itself; logging its own access would log each log delivery in a loop.",
    });
    return bucket;
  }

  /** The custom domain with its certificate: the one given, or one the stack requests (config.ts checks which). */
  private domain(config: SiteConfig, zone: route53.IPublicHostedZone | undefined) {
    if (!config.domain) return undefined;
    const certificate = config.domain.certificateArn
      ? acm.Certificate.fromCertificateArn(this, "Certificate", config.domain.certificateArn)
      : new acm.Certificate(this, "Certificate", {
          domainName: config.domain.name,
          // The apex redirect's distribution shares it; config.ts guarantees no certificateArn then.
          subjectAlternativeNames: config.redirectApex ? [config.redirectApex] : undefined,
          // config.ts guarantees the zone (and us-east-1) whenever no certificate ARN is given.
          validation: acm.CertificateValidation.fromDns(zone),
        });
    return { name: config.domain.name, certificate };
  }

  private aliasRecords(config: SiteConfig, zone: route53.IPublicHostedZone, certificate: acm.ICertificate): void {
    const recordName = config.domain?.name ?? "";
    const target = route53.RecordTarget.fromAlias(new targets.CloudFrontTarget(this.site.distribution));
    new route53.ARecord(this, "AliasRecord", { zone, recordName, target });
    new route53.AaaaRecord(this, "AliasRecordIpv6", { zone, recordName, target });
    if (config.redirectApex) {
      new ApexRedirect(this, "ApexRedirect", {
        apex: config.redirectApex,
        target: recordName,
        certificate,
        zone,
      });
    }
  }

  private outputs(siteUrl: string, domainName: string | undefined): void {
    const { distribution, bucket } = this.site;
    const { table, queue, deadLetterQueue } = this.store;
    const outputs: Array<[string, string, string]> = [
      ["SiteUrl", "The site's address", `https://${domainName ?? distribution.distributionDomainName}`],
      ["DistributionDomainName", "Point a CNAME here when DNS is not in Route 53", distribution.distributionDomainName],
      ["DistributionId", "For manual invalidations", distribution.distributionId],
      ["BucketName", "Holds dist/", bucket.bucketName],
      ["LeadsTableName", "Every lead (npm run leads -- --stack <name>)", table.tableName],
      ["LeadQueueUrl", "Leads waiting for their mail", queue.queueUrl],
      ["LeadQueueArn", "The retry queue", queue.queueArn],
      [
        "LeadDeadLetterQueueArn",
        "Leads five attempts could not mail (npm run leads -- replay --stack <name>)",
        deadLetterQueue.queueArn,
      ],
    ];
    if (this.githubOAuth) {
      // The origin the build gives Decap as base_url (build/cms-config.ts): the popup, and so the callback, live there.
      outputs.push(
        [
          "GitHubOAuthCallbackUrl",
          "The Authorization callback URL of the GitHub OAuth app (docs/deploy.md, Sign-in for /admin)",
          `${new URL(siteUrl).origin}${GITHUB_OAUTH_PATHS.callback}`,
        ],
        [
          "GitHubOAuthSecretArn",
          "Put the OAuth app's client secret here (docs/deploy.md, Sign-in for /admin)",
          this.githubOAuth.secret.secretArn,
        ],
      );
    }
    outputs.push(["AlarmTopicArn", "Alarms and SES bounce/complaint notices", this.alarms.topic.topicArn]);
    for (const [id, description, value] of outputs) new CfnOutput(this, id, { description, value });
  }

  /**
   * The SES identity mail is sent as. The hosted zone's own domain gets its DKIM records written there; another
   * domain's records are printed as outputs for whoever runs its DNS; an address is verified by the link SES mails it.
   */
  private senderIdentity(name: string, zone: route53.IPublicHostedZone | undefined): void {
    if (name.includes("@")) {
      new ses.EmailIdentity(this, "SenderIdentity", { identity: ses.Identity.email(name) });
      return;
    }
    if (zone && name === zone.zoneName) {
      new ses.EmailIdentity(this, "SenderIdentity", { identity: ses.Identity.publicHostedZone(zone) });
      return;
    }
    const identity = new ses.EmailIdentity(this, "SenderIdentity", { identity: ses.Identity.domain(name) });
    identity.dkimRecords.forEach((record, index) => {
      new CfnOutput(this, `DkimRecord${index + 1}`, {
        description: `Add this CNAME to the DNS of ${name} so SES can verify it`,
        value: `${record.name} CNAME ${record.value}`,
      });
    });
  }

  /**
   * A CloudFront web ACL that answers 429 to an address posting more than 100 lead submissions in 5 minutes: far above
   * what a person sends, low enough to stop a flood at the edge before the functions pay for it.
   */
  private webAcl(): wafv2.CfnWebACL {
    const visibility = (metricName: string) => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName,
    });
    return new wafv2.CfnWebACL(this, "WebAcl", {
      scope: "CLOUDFRONT",
      description: "Per-IP rate limit on lead submissions: POST to /api/ paths",
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`${this.stackName}-web-acl`),
      rules: [
        {
          name: "api-rate-limit",
          priority: 0,
          action: { block: { customResponse: { responseCode: 429 } } },
          statement: {
            rateBasedStatement: {
              limit: 100,
              aggregateKeyType: "IP",
              evaluationWindowSec: 300,
              // Only lead submissions count: POST to /api/, matched after URL decoding and lowercasing so
              // /%61pi/ or /API/ cannot slip past; page views never use up a visitor's allowance.
              scopeDownStatement: {
                andStatement: {
                  statements: [
                    {
                      byteMatchStatement: {
                        fieldToMatch: { method: {} },
                        positionalConstraint: "EXACTLY",
                        searchString: "POST",
                        textTransformations: [{ priority: 0, type: "NONE" }],
                      },
                    },
                    {
                      byteMatchStatement: {
                        fieldToMatch: { uriPath: {} },
                        positionalConstraint: "STARTS_WITH",
                        searchString: "/api/",
                        textTransformations: [
                          { priority: 0, type: "URL_DECODE" },
                          { priority: 1, type: "LOWERCASE" },
                        ],
                      },
                    },
                  ],
                },
              },
            },
          },
          visibilityConfig: visibility(`${this.stackName}-api-rate-limit`),
        },
      ],
    });
  }
}
