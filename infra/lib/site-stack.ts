import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps, Validations } from "aws-cdk-lib";
import * as acm from "aws-cdk-lib/aws-certificatemanager";
import type * as cloudfront from "aws-cdk-lib/aws-cloudfront";
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
import { leadEnvironment } from "../../lambdas/shared/env.ts";
import { NEWSLETTER_ROUTES, ORIGIN_VERIFY_HEADER, SUBSCRIBE_FUNCTION } from "../../src/lib/newsletter.ts";
import type { SiteConfig } from "./config.ts";
import { Alarms } from "./constructs/alarms.ts";
import { ApexRedirect } from "./constructs/apex-redirect.ts";
import { GitHubOAuth } from "./constructs/github-oauth.ts";
import { DELIVERY_FOLDER, LeadDelivery } from "./constructs/lead-delivery.ts";
import { LeadFunction } from "./constructs/lead-function.ts";
import { LeadStore } from "./constructs/lead-store.ts";
import { StaticSite } from "./constructs/static-site.ts";
import type { LeadContent } from "./lead-content.ts";
import type { SiteBuild } from "./site-build.ts";

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
    // ses:SendEmail is checked against the sending identity, and, while the account is in the SES sandbox, against
    // the recipient's identity too: the vendor's inbox is the only recipient we can name in advance.
    const sesIdentityArns = [...new Set([config.sesIdentity, recipientEmail.toLowerCase()])].map((identity) =>
      this.formatArn({ service: "ses", resource: "identity", resourceName: identity }),
    );

    this.alarms = new Alarms(this, "Alarms", { email: config.alarmEmail });
    // Every mail goes out through this set: bounces and complaints reach the vendor, and SES stops mailing an
    // address that bounced or complained (what an abused acknowledgement form would otherwise keep hitting).
    const configurationSet = new ses.ConfigurationSet(this, "MailEvents", {
      suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
      reputationMetrics: true,
    });
    configurationSet.addEventDestination("Notices", {
      destination: ses.EventDestination.snsTopic(this.alarms.topic),
      events: [ses.EmailSendingEvent.BOUNCE, ses.EmailSendingEvent.COMPLAINT],
    });
    // With a configuration set named in the call, SES checks ses:SendEmail against the set as well as the identities.
    const sesResources = [
      ...sesIdentityArns,
      this.formatArn({
        service: "ses",
        resource: "configuration-set",
        resourceName: configurationSet.configurationSetName,
      }),
    ];

    this.store = new LeadStore(this, "LeadStore", { retain: config.environment === "production" });
    // The webhook's URL lets whoever holds it post into the team's channel: it lives only in this secret, set by the
    // operator (docs/deploy.md), so no template, cdk.out, workflow artifact or function configuration shows it. The
    // functions get its ARN (which tells the form handlers to queue a post); only deliver-lead's sender may read it.
    // Until its value is set, the stack's placeholder is no https URL: posts fail (retried, alarmed), mail is unaffected.
    this.leadWebhookSecret = config.leadWebhook
      ? new secretsmanager.Secret(this, "LeadWebhookSecret", {
          description:
            "The https URL every mailed lead is posted to (lambdas/shared/lead-webhook.ts); set by the operator, docs/deploy.md",
          generateSecretString: { passwordLength: 32, excludePunctuation: true },
          removalPolicy: config.environment === "production" ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
        })
      : undefined;
    if (this.leadWebhookSecret)
      Validations.of(this.leadWebhookSecret).acknowledge({
        id: "AwsSolutions-SMG4",
        reason:
          "The value is a URL issued by the receiving service (a Slack incoming webhook); it is rotated there and set here by hand.",
      });
    // Receivers check each post's HMAC under this generated key (lambdas/shared/webhook-signature.ts); only the sender
    // may read it here, and the operator hands its value to the receiving service (docs/deploy.md).
    this.leadWebhookSigningSecret = config.leadWebhook
      ? new secretsmanager.Secret(this, "LeadWebhookSigningSecret", {
          description: "Signs every lead webhook post (HMAC-SHA256, lambdas/shared/webhook-signature.ts)",
          generateSecretString: { passwordLength: 64, excludePunctuation: true },
          removalPolicy: config.environment === "production" ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
        })
      : undefined;
    if (this.leadWebhookSigningSecret)
      Validations.of(this.leadWebhookSigningSecret).acknowledge({
        id: "AwsSolutions-SMG4",
        reason:
          "The receiver holds a copy; it is rotated by hand, signing with both keys for a while (docs/deploy.md).",
      });
    const logRetention = config.logRetentionDays as logs.RetentionDays;
    // Lambda sets AWS_REGION itself (and refuses it as a variable); it is the stack's region, where the identity lives.
    const { AWS_REGION: _region, ...content } = leadEnvironment({
      ...leadContent,
      senderEmail: config.senderEmail,
      recipientEmail,
      region: config.env.region,
    });
    const environment: Record<string, string> = {
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

    const storeLead = new iam.PolicyStatement({
      actions: ["dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:GetItem"],
      resources: [this.store.table.tableArn],
    });
    const queueLead = new iam.PolicyStatement({ actions: ["sqs:SendMessage"], resources: [this.store.queue.queueArn] });
    const sendMail = new iam.PolicyStatement({ actions: ["ses:SendEmail"], resources: sesResources });
    // The newsletter's links are HMACs under this key; only the subscribe function may read it.
    this.newsletterSecret = new secretsmanager.Secret(this, "NewsletterSecret", {
      description: "Signs the newsletter's confirm and unsubscribe links (lambdas/shared/newsletter-tokens.ts)",
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: config.environment === "production" ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    Validations.of(this.newsletterSecret).acknowledge({
      id: "AwsSolutions-SMG4",
      reason:
        "Rotating the key would break every confirm and unsubscribe link already mailed; it is rotated by hand when needed.",
    });
    // The subscribe function's URL takes unsigned requests (LeadFunction's unsignedPosts), so CloudFront proves itself
    // with this value instead, sent as a custom origin header to that origin only; the function refuses requests
    // without it (lambdas/shared/origin-verify.ts). The distribution receives the value through a CloudFormation
    // dynamic reference (the template holds only the reference; CloudFront's origin settings must hold the value
    // itself), the function its ARN, reading the value once per container: in its environment the value would be shown
    // to anyone who may read the function's configuration. Nothing outside the stack uses it, so it goes with the stack.
    this.originVerifySecret = new secretsmanager.Secret(this, "OriginVerifySecret", {
      description: "Sent by CloudFront to the subscribe function as x-origin-verify; direct calls of its URL lack it",
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    Validations.of(this.originVerifySecret).acknowledge({
      id: "AwsSolutions-SMG4",
      reason:
        "CloudFront holds a copy resolved at deployment; a scheduled rotation would change the secret without updating the distribution and lock the newsletter out. Rotate by replacing the secret in a deployment.",
    });
    const readNewsletterSecret = new iam.PolicyStatement({
      actions: ["secretsmanager:GetSecretValue"],
      resources: [this.newsletterSecret.secretArn],
    });
    const readOriginVerify = new iam.PolicyStatement({
      actions: ["secretsmanager:GetSecretValue"],
      resources: [this.originVerifySecret.secretArn],
    });
    this.functions = leadFunctionNames(rootDir).map((name) => {
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
        statements: newsletter
          ? [storeLead, queueLead, sendMail, readNewsletterSecret, readOriginVerify]
          : [storeLead, queueLead, sendMail],
        reservedConcurrency: config.reservedConcurrency,
        logRetention,
        unsignedPosts: newsletter,
      });
    });
    this.delivery = new LeadDelivery(this, "LeadDelivery", {
      store: this.store,
      rootDir,
      environment,
      sesResources,
      configurationSet,
      logRetention,
      webhookSecrets: [this.leadWebhookSecret, this.leadWebhookSigningSecret].filter((secret) => secret !== undefined),
    });

    for (const fn of this.functions) {
      this.alarms.watchFunction(`${pascal(fn.leadName)}`, fn, fn.leadName);
      this.alarms.watchMailFailures(pascal(fn.leadName), fn.logs);
    }
    this.alarms.watchFunction("DeliverLead", this.delivery.sender, "deliver-lead (the retry sender)");
    this.alarms.watchFunction("SweepLeads", this.delivery.sweeper, "deliver-lead's sweep");
    this.alarms.watchFunction("RecordMailEvents", this.delivery.recorder, "deliver-lead's send-event recorder");
    this.alarms.watchFunction("SpamDigest", this.delivery.digester, "the spam folder's daily digest");
    this.alarms.watchMailFailures("DeliverLead", this.delivery.sender.logs);
    this.alarms.watchDeadLetters(this.store.deadLetterQueue);
    if (config.monthlyBudget !== undefined) this.alarms.watchSpend(config.monthlyBudget);

    const logBucket = config.accessLogs
      ? new s3.Bucket(this, "AccessLogs", {
          blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
          encryption: s3.BucketEncryption.S3_MANAGED,
          enforceSSL: true,
          // CloudFront standard logging writes with ACLs.
          objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
          lifecycleRules: [{ id: "expire-access-logs", expiration: Duration.days(config.accessLogs.retentionDays) }],
          removalPolicy: RemovalPolicy.RETAIN,
        })
      : undefined;
    if (logBucket) {
      Validations.of(logBucket).acknowledge({
        id: "AwsSolutions-S1",
        reason: "This is the access-log bucket itself; logging its own access would log each log delivery in a loop.",
      });
    }

    const webAcl = config.waf ? this.webAcl(config.waf.rateLimit) : undefined;

    let domain: { name: string; certificate: acm.ICertificate } | undefined;
    if (config.domain) {
      const certificate = config.domain.certificateArn
        ? acm.Certificate.fromCertificateArn(this, "Certificate", config.domain.certificateArn)
        : new acm.Certificate(this, "Certificate", {
            domainName: config.domain.name,
            // The apex redirect's distribution shares it; config.ts guarantees no certificateArn then.
            subjectAlternativeNames: config.redirectApex ? [config.redirectApex] : undefined,
            // config.ts guarantees the zone (and us-east-1) whenever no certificate ARN is given.
            validation: acm.CertificateValidation.fromDns(zone),
          });
      domain = { name: config.domain.name, certificate };
    }

    // Previews carry no editor, so nothing signs in there.
    this.githubOAuth =
      config.environment === "preview"
        ? undefined
        : new GitHubOAuth(this, "GitHubOAuth", {
            rootDir,
            clientId: config.githubOAuth.clientId,
            scope: config.githubOAuth.scope,
            retainSecret: config.environment === "production",
            // Sign-ins are a few a day; two at once is plenty, and the cap keeps the account's quota for the forms.
            reservedConcurrency:
              config.reservedConcurrency === undefined ? undefined : Math.min(2, config.reservedConcurrency),
            logRetention,
          });
    if (this.githubOAuth)
      this.alarms.watchFunction("GitHubOAuth", this.githubOAuth.function, "/admin's GitHub sign-in");

    this.site = new StaticSite(this, "Site", {
      build,
      // The enum's values are CloudFront's own names, which config.ts checks.
      priceClass: config.priceClass as cloudfront.PriceClass,
      domain,
      api: this.functions.map((fn) => ({
        name: fn.leadName,
        url: fn.url,
        signed: fn.signed,
        routes: fn.leadName === SUBSCRIBE_FUNCTION ? NEWSLETTER_ROUTES : undefined,
        // The one unsigned function is subscribe (unsignedPosts above), the one given the secret's ARN to check it.
        originHeaders: fn.signed
          ? undefined
          : { [ORIGIN_VERIFY_HEADER]: this.originVerifySecret.secretValue.unsafeUnwrap() },
      })),
      signIn: this.githubOAuth?.url,
      webAclArn: webAcl?.attrArn,
      logBucket,
      preview: config.environment === "preview",
    });

    this.alarms.watchDistribution(this.site.distribution);

    if (zone && config.domain) {
      const target = route53.RecordTarget.fromAlias(new targets.CloudFrontTarget(this.site.distribution));
      const recordName = config.domain.name;
      new route53.ARecord(this, "AliasRecord", { zone, recordName, target });
      new route53.AaaaRecord(this, "AliasRecordIpv6", { zone, recordName, target });
      if (config.redirectApex && domain) {
        new ApexRedirect(this, "ApexRedirect", {
          apex: config.redirectApex,
          target: config.domain.name,
          certificate: domain.certificate,
          zone,
          priceClass: config.priceClass as cloudfront.PriceClass,
        });
      }
    }

    new CfnOutput(this, "SiteUrl", {
      description: "The site's address",
      value: `https://${config.domain?.name ?? this.site.distribution.distributionDomainName}`,
    });
    new CfnOutput(this, "DistributionDomainName", {
      description: "Point a CNAME here when DNS is not in Route 53",
      value: this.site.distribution.distributionDomainName,
    });
    new CfnOutput(this, "DistributionId", {
      description: "For manual invalidations",
      value: this.site.distribution.distributionId,
    });
    new CfnOutput(this, "BucketName", { description: "Holds dist/", value: this.site.bucket.bucketName });
    new CfnOutput(this, "LeadsTableName", {
      description: "Every lead (npm run leads -- --stack <name>)",
      value: this.store.table.tableName,
    });
    new CfnOutput(this, "LeadQueueUrl", {
      description: "Leads waiting for their mail",
      value: this.store.queue.queueUrl,
    });
    new CfnOutput(this, "LeadQueueArn", { description: "The retry queue", value: this.store.queue.queueArn });
    new CfnOutput(this, "LeadDeadLetterQueueArn", {
      description: "Leads five attempts could not mail (npm run leads -- replay --stack <name>)",
      value: this.store.deadLetterQueue.queueArn,
    });
    if (this.githubOAuth) {
      // The origin the build gives Decap as base_url (build/cms-config.ts): the popup, and so the callback, live there.
      new CfnOutput(this, "GitHubOAuthCallbackUrl", {
        description: "The Authorization callback URL of the GitHub OAuth app (docs/deploy.md, Sign-in for /admin)",
        value: `${new URL(leadContent.site.url).origin}${GITHUB_OAUTH_PATHS.callback}`,
      });
      new CfnOutput(this, "GitHubOAuthSecretArn", {
        description: "Put the OAuth app's client secret here (docs/deploy.md, Sign-in for /admin)",
        value: this.githubOAuth.secret.secretArn,
      });
    }
    new CfnOutput(this, "AlarmTopicArn", {
      description: "Alarms and SES bounce/complaint notices",
      value: this.alarms.topic.topicArn,
    });
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

  /** A CloudFront web ACL that answers 429 to an address sending more than `limit` API requests in 5 minutes. */
  private webAcl(limit: number): wafv2.CfnWebACL {
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
              limit,
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
