import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps, Validations } from "aws-cdk-lib";
import * as acm from "aws-cdk-lib/aws-certificatemanager";
import type * as cloudfront from "aws-cdk-lib/aws-cloudfront";
import type * as logs from "aws-cdk-lib/aws-logs";
import * as route53 from "aws-cdk-lib/aws-route53";
import * as targets from "aws-cdk-lib/aws-route53-targets";
import * as s3 from "aws-cdk-lib/aws-s3";
import * as ses from "aws-cdk-lib/aws-ses";
import * as wafv2 from "aws-cdk-lib/aws-wafv2";
import type { Construct } from "constructs";
import { leadEnvironment } from "../../lambdas/shared/env.ts";
import type { SiteConfig } from "./config.ts";
import { LeadFunction } from "./constructs/lead-function.ts";
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

/** Every folder under lambdas/ with a handler.ts is a function served at /api/<folder>, as in the local server. */
export function leadFunctionNames(rootDir: string): string[] {
  const dir = path.join(rootDir, "lambdas");
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== "shared" && existsSync(path.join(dir, entry.name, "handler.ts")))
    .map((entry) => entry.name)
    .sort();
}

const pascal = (name: string) => name.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

/** The whole deployment: site, lead functions, SES identity, and the optional domain, WAF and access logs. */
export class SiteStack extends Stack {
  readonly site: StaticSite;
  readonly functions: LeadFunction[];

  constructor(scope: Construct, id: string, props: SiteStackProps) {
    super(scope, id, props);
    const { config, build, leadContent, rootDir } = props;

    const zone = config.hostedZone
      ? route53.PublicHostedZone.fromPublicHostedZoneAttributes(this, "Zone", { hostedZoneId: config.hostedZone.id, zoneName: config.hostedZone.name })
      : undefined;

    if (config.createSesIdentity) this.senderIdentity(config.sesIdentity, zone);
    const recipientEmail = config.recipientEmail ?? leadContent.site.contact.email;
    // ses:SendEmail is checked against the sending identity, and, while the account is in the SES sandbox, against
    // the recipient's identity too: the vendor's inbox is the only recipient we can name in advance.
    const sesIdentityArns = [...new Set([config.sesIdentity, recipientEmail.toLowerCase()])].map((identity) =>
      this.formatArn({ service: "ses", resource: "identity", resourceName: identity }),
    );

    // Lambda sets AWS_REGION itself (and refuses it as a variable); it is the stack's region, where the identity lives.
    const { AWS_REGION: _region, ...environment } = leadEnvironment({
      ...leadContent,
      senderEmail: config.senderEmail,
      recipientEmail,
      region: config.env.region,
    });
    this.functions = leadFunctionNames(rootDir).map(
      (name) =>
        new LeadFunction(this, `${pascal(name)}Function`, {
          name,
          rootDir,
          environment,
          sesIdentityArns,
          reservedConcurrency: config.reservedConcurrency,
          logRetention: config.logRetentionDays as logs.RetentionDays,
        }),
    );

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
            // config.ts guarantees the zone (and us-east-1) whenever no certificate ARN is given.
            validation: acm.CertificateValidation.fromDns(zone),
          });
      domain = { name: config.domain.name, certificate };
    }

    this.site = new StaticSite(this, "Site", {
      build,
      // The enum's values are CloudFront's own names, which config.ts checks.
      priceClass: config.priceClass as cloudfront.PriceClass,
      domain,
      api: this.functions.map((fn) => ({ name: fn.leadName, url: fn.url })),
      webAclArn: webAcl?.attrArn,
      logBucket,
    });

    if (zone && config.domain) {
      const target = route53.RecordTarget.fromAlias(new targets.CloudFrontTarget(this.site.distribution));
      const recordName = config.domain.name;
      new route53.ARecord(this, "AliasRecord", { zone, recordName, target });
      new route53.AaaaRecord(this, "AliasRecordIpv6", { zone, recordName, target });
    }

    new CfnOutput(this, "SiteUrl", {
      description: "The site's address",
      value: `https://${config.domain?.name ?? this.site.distribution.distributionDomainName}`,
    });
    new CfnOutput(this, "DistributionDomainName", {
      description: "Point a CNAME here when DNS is not in Route 53",
      value: this.site.distribution.distributionDomainName,
    });
    new CfnOutput(this, "DistributionId", { description: "For manual invalidations", value: this.site.distribution.distributionId });
    new CfnOutput(this, "BucketName", { description: "Holds dist/", value: this.site.bucket.bucketName });
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
    const visibility = (metricName: string) => ({ cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName });
    return new wafv2.CfnWebACL(this, "WebAcl", {
      scope: "CLOUDFRONT",
      description: "Per-IP rate limit on the lead API",
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
              scopeDownStatement: {
                byteMatchStatement: {
                  fieldToMatch: { uriPath: {} },
                  positionalConstraint: "STARTS_WITH",
                  searchString: "/api/",
                  textTransformations: [{ priority: 0, type: "NONE" }],
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
