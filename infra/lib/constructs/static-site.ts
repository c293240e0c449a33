import { DefaultStackSynthesizer, Duration, RemovalPolicy, Stack, Token, Validations } from "aws-cdk-lib";
import type * as acm from "aws-cdk-lib/aws-certificatemanager";
import * as cloudfront from "aws-cdk-lib/aws-cloudfront";
import * as origins from "aws-cdk-lib/aws-cloudfront-origins";
import type * as lambda from "aws-cdk-lib/aws-lambda";
import * as s3 from "aws-cdk-lib/aws-s3";
import * as s3deploy from "aws-cdk-lib/aws-s3-deployment";
import { Construct } from "constructs";
import {
  ADMIN_PATH,
  ASSETS_PATH,
  adminSecurityHeaders,
  assetHeaders,
  GITHUB_API,
  securityHeaders,
} from "../../../src/lib/security-headers.ts";
import { cacheControl } from "../../../src/lib/static-files.ts";
import { MESSAGE_PAGE_CSP } from "../../../lambdas/github-oauth/pages.ts";
import { GITHUB_OAUTH_PREFIX } from "../../../lambdas/github-oauth/paths.ts";
import { STATE_COOKIE } from "../../../lambdas/github-oauth/state-cookie.ts";
import {
  NOT_FOUND_PREFIX,
  previewRequestSource,
  STATUS_METADATA,
  viewerRequestSource,
  viewerResponseSource,
} from "../cloudfront-function.ts";
import { responseHeadersFrom } from "../response-headers.ts";
import type { SiteBuild } from "../site-build.ts";

export interface StaticSiteProps {
  build: SiteBuild;
  /** Custom host name with its us-east-1 certificate; the distribution's own name otherwise. */
  domain?: { name: string; certificate: acm.ICertificate };
  /**
   * The lead functions, each served at /api/<name> and at /api/<route> for each of its extra `routes`; `signed`
   * false for a function whose URL takes unsigned requests (LeadFunction's unsignedPosts); `originHeaders` are added
   * to every request CloudFront sends that function (the origin-verify header of an unsigned one).
   */
  api: ReadonlyArray<{
    name: string;
    url: lambda.IFunctionUrl;
    routes?: readonly string[];
    signed?: boolean;
    originHeaders?: Record<string, string>;
  }>;
  /** /admin's GitHub sign-in (GitHubOAuth), served at /api/github-oauth/*; absent on previews, which carry no editor. */
  signIn?: lambda.IFunctionUrl;
  webAclArn?: string;
  /** Access logs of the distribution (cloudfront/) and the bucket (s3/) go here when given. */
  logBucket?: s3.IBucket;
  /**
   * The pull requests' shared preview: the bucket holds one build per pull request under pr-<n>/, uploaded by the
   * pull-request workflow (nothing is deployed from here); a cookie picks the prefix (previewRequestSource); pages are
   * never cached at the edge; every answer says noindex.
   */
  preview?: boolean;
}

/** Days a preview's files stay without a new push: a backstop for a pull request whose cleanup did not run. */
export const PREVIEW_EXPIRY_DAYS = 30;

/**
 * The site itself: a private bucket holding dist/, served by CloudFront through origin access control with the
 * routing rules of src/lib/routing.ts (CloudFront Functions), the security headers of src/lib/security-headers.ts
 * and the cache rules of src/lib/static-files.ts; /api/<name> goes to the lead functions.
 */
export class StaticSite extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;

  constructor(scope: Construct, id: string, props: StaticSiteProps) {
    super(scope, id);
    const { build, logBucket, preview } = props;
    this.bucket = this.siteBucket(logBucket, preview);
    const origin = origins.S3BucketOrigin.withOriginAccessControl(this.bucket);
    const routeRequest = new cloudfront.Function(this, "RouteRequest", {
      comment: preview
        ? "Serves the pull request its cookie names from pr-<n>/ (infra/lib/cloudfront-function.ts)"
        : "Maps a URL to its page or not-found view (src/lib/routing.ts)",
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(preview ? previewRequestSource() : viewerRequestSource(build.routes)),
    });
    const onRequest = [{ function: routeRequest, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }];
    // Previews are unreviewed rehearsals: no search engine may list them, whatever a page says.
    const noindex: Record<string, string> = preview ? { "X-Robots-Tag": "noindex, nofollow" } : {};
    const responseHeadersPolicy = this.headersPolicy(
      "SecurityHeaders",
      "The headers of src/lib/security-headers.ts, which the local server sends too",
      { ...securityHeaders(build.csp), ...noindex },
    );
    const pageCache = this.pageCache(preview);
    const apiAccess = new cloudfront.FunctionUrlOriginAccessControl(this, "ApiAccess", {
      description: "CloudFront signs every /api/* request to the lead function URLs",
      signing: cloudfront.Signing.SIGV4_ALWAYS,
    });
    this.distribution = new cloudfront.Distribution(this, "Distribution", {
      comment: "Storefront site and lead API",
      defaultBehavior: {
        origin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: pageCache,
        originRequestPolicy: preview ? undefined : this.pageRequest(),
        responseHeadersPolicy,
        functionAssociations: preview ? onRequest : [...onRequest, this.routeStatus()],
      },
      additionalBehaviors: {
        // Content-hashed files: served as they are, cached for their year (CachingOptimized honours max-age).
        [`${ASSETS_PATH}/*`]: {
          origin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: this.headersPolicy(
            "AssetHeaders",
            "Stylesheets and scripts: only the headers that act on them (src/lib/security-headers.ts assetHeaders)",
            { ...assetHeaders(), ...noindex },
          ),
          // A preview's assets live under its prefix too; the function's new URI is the cache key.
          functionAssociations: preview ? onRequest : undefined,
        },
        ...this.apiBehaviors(props.api, apiAccess, responseHeadersPolicy),
        ...(props.signIn ? this.signInBehaviors(props.signIn, apiAccess) : {}),
        ...(preview ? {} : this.adminBehaviors({ origin, cachePolicy: pageCache, functionAssociations: onRequest })),
      },
      // S3 answers 403 for a missing key (the distribution may not list the bucket): both mean "not found".
      // A preview's missing page is S3's plain 403: the views live under each pull request's prefix.
      errorResponses: (preview ? [] : [403, 404]).map((httpStatus) => ({
        httpStatus,
        responseHttpStatus: 404,
        responsePagePath: "/404.html",
        ttl: Duration.minutes(1),
      })),
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      // The 502/503/504 rates the origin-error alarm watches (infra/lib/constructs/alarms.ts).
      publishAdditionalMetrics: true,
      // Adds Asia (India included), the Middle East and Africa to North America and Europe.
      priceClass: cloudfront.PriceClass.PRICE_CLASS_200,
      domainNames: props.domain ? [props.domain.name] : undefined,
      certificate: props.domain?.certificate,
      // Only meaningful with our own certificate; *.cloudfront.net has a fixed policy.
      minimumProtocolVersion: props.domain ? cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021 : undefined,
      webAclId: props.webAclArn,
      enableLogging: Boolean(logBucket),
      logBucket,
      logFilePrefix: logBucket ? "cloudfront/" : undefined,
    });
    if (!preview) this.deploy(build.distDir, build.routes.notFound);
    this.acknowledgeNagFindings(props);
  }

  /**
   * Private: only the distribution reads it (origin access control adds the bucket policy). Kept on stack deletion,
   * like any bucket with content; `cdk destroy` leaves it for you to empty and delete.
   */
  private siteBucket(logBucket: s3.IBucket | undefined, preview: boolean | undefined): s3.Bucket {
    return new s3.Bucket(this, "SiteBucket", {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: RemovalPolicy.RETAIN,
      serverAccessLogsBucket: logBucket,
      serverAccessLogsPrefix: logBucket ? "s3/" : undefined,
      lifecycleRules: preview
        ? [{ id: "expire-stale-previews", expiration: Duration.days(PREVIEW_EXPIRY_DAYS) }]
        : undefined,
    });
  }

  private headersPolicy(id: string, comment: string, headers: Record<string, string>) {
    const { securityHeadersBehavior, customHeaders } = responseHeadersFrom(headers);
    return new cloudfront.ResponseHeadersPolicy(this, id, {
      comment,
      securityHeadersBehavior,
      customHeadersBehavior: customHeaders.length ? { customHeaders } : undefined,
    });
  }

  private routeStatus(): cloudfront.FunctionAssociation {
    const routeStatus = new cloudfront.Function(this, "RouteStatus", {
      comment: "Answers the not-found views with status 404; sets the viewer country's currency cookie",
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(viewerResponseSource()),
    });
    return { function: routeStatus, eventType: cloudfront.FunctionEventType.VIEWER_RESPONSE };
  }

  /**
   * Browsers revalidate HTML on every request (its Cache-Control says so); the edge keeps pages until the next
   * deployment invalidates them. The minimum TTL overrides max-age=0 for CloudFront only; the day bounds the damage
   * should an invalidation ever fail. A preview's pages change with every push and are never invalidated: the edge
   * asks the bucket each time.
   */
  private pageCache(preview: boolean | undefined): cloudfront.CachePolicy {
    return new cloudfront.CachePolicy(this, "PageCache", {
      comment: preview
        ? "Preview pages: revalidated with the bucket on every request"
        : "Pages: cached at the edge until the next deployment",
      minTtl: preview ? Duration.seconds(0) : Duration.days(1),
      defaultTtl: preview ? Duration.seconds(0) : Duration.days(1),
      maxTtl: Duration.days(365),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
    });
  }

  /**
   * The viewer's country, for the viewer-response function's currency cookie (src/lib/currency.ts). Named in an
   * origin request policy, never in the cache policy: CloudFront then adds the header to the request its functions
   * see without keying the cache on it, so every country shares one cached copy of each page.
   */
  private pageRequest(): cloudfront.OriginRequestPolicy {
    return new cloudfront.OriginRequestPolicy(this, "PageRequest", {
      comment: "Pages: the viewer's country for the currency cookie, outside the cache key",
      headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList("CloudFront-Viewer-Country"),
      queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.none(),
      cookieBehavior: cloudfront.OriginRequestCookieBehavior.none(),
    });
  }

  /** /api/<name> and each extra route of a lead function, never cached, HTTPS only (a redirected POST loses its body). */
  private apiBehaviors(
    api: StaticSiteProps["api"],
    originAccessControl: cloudfront.FunctionUrlOriginAccessControl,
    responseHeadersPolicy: cloudfront.IResponseHeadersPolicy,
  ): Record<string, cloudfront.BehaviorOptions> {
    // What the handlers read of a viewer's request, and never its Host: the function URL must see its own host name to
    // verify CloudFront's signature. The managed AllViewerExceptHostHeader forwards viewer headers only, so the
    // viewer's address (CloudFront adds it) would never reach the per-client rate limit; it is named here.
    const originRequestPolicy = new cloudfront.OriginRequestPolicy(this, "ApiRequest", {
      comment: "Lead API: the body's type, the viewer's address for the rate limit, the newsletter links' query",
      headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList("Content-Type", "CloudFront-Viewer-Address"),
      queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.all(),
      cookieBehavior: cloudfront.OriginRequestCookieBehavior.none(),
    });
    const behaviors: Record<string, cloudfront.BehaviorOptions> = {};
    for (const fn of api) {
      const options = { readTimeout: Duration.seconds(15), customHeaders: fn.originHeaders };
      const origin =
        fn.signed === false
          ? new origins.FunctionUrlOrigin(fn.url, options)
          : origins.FunctionUrlOrigin.withOriginAccessControl(fn.url, { ...options, originAccessControl });
      for (const route of [fn.name, ...(fn.routes ?? [])])
        behaviors[`/api/${route}`] = {
          origin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy,
          responseHeadersPolicy,
        };
    }
    return behaviors;
  }

  /**
   * The content editor (/admin, Decap CMS) needs what the site's policy forbids (evaluated schema validators, inline
   * styles, GitHub's API): its own policy, for its own paths only; /admin and /admin/ become /admin/index.html, as
   * every folder of the site does. Previews carry no editor: a preview's paths sit under its prefix, and it edits nothing.
   */
  private adminBehaviors(
    page: Pick<cloudfront.BehaviorOptions, "origin" | "cachePolicy" | "functionAssociations">,
  ): Record<string, cloudfront.BehaviorOptions> {
    const behavior: cloudfront.BehaviorOptions = {
      ...page,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
      responseHeadersPolicy: this.headersPolicy(
        "AdminHeaders",
        "The content editor's headers (src/lib/security-headers.ts adminSecurityHeaders)",
        adminSecurityHeaders({ connect: [GITHUB_API] }),
      ),
    };
    return { [ADMIN_PATH]: behavior, [`${ADMIN_PATH}/*`]: behavior };
  }

  /**
   * /api/github-oauth/*: Decap's sign-in popup. GET only, never cached, signed like the lead functions. The function
   * reads only the query (GitHub's code and state) and its own state cookie, so only those are forwarded; a behaviour
   * that forwards no cookie would also strip the function's Set-Cookie from its answers (CloudFront's "Cache content
   * based on cookies"). Its headers
   * are the site's without Cross-Origin-Opener-Policy (same-origin would cut the popup off from the editor that opened
   * it, and the token could never reach the editor), with no referrer (the callback's URL holds GitHub's code), and a
   * Content-Security-Policy that allows nothing, used only when the function sends none: its pages carry their own,
   * which allows the hand-off script by its hash.
   */
  private signInBehaviors(
    url: lambda.IFunctionUrl,
    originAccessControl: cloudfront.FunctionUrlOriginAccessControl,
  ): Record<string, cloudfront.BehaviorOptions> {
    const { "cross-origin-opener-policy": _opener, ...siteHeaders } = securityHeaders({ scriptHashes: [] });
    const headers = responseHeadersFrom({
      ...siteHeaders,
      "content-security-policy": MESSAGE_PAGE_CSP,
      "referrer-policy": "no-referrer",
    });
    const csp = headers.securityHeadersBehavior.contentSecurityPolicy;
    const responseHeadersPolicy = new cloudfront.ResponseHeadersPolicy(this, "SignInHeaders", {
      comment: "GitHub sign-in for /admin: the site's headers without an opener policy, no referrer",
      securityHeadersBehavior: {
        ...headers.securityHeadersBehavior,
        contentSecurityPolicy: csp ? { ...csp, override: false } : undefined,
      },
      customHeadersBehavior: { customHeaders: headers.customHeaders },
    });
    const originRequestPolicy = new cloudfront.OriginRequestPolicy(this, "SignInRequest", {
      comment: "GitHub sign-in for /admin: GitHub's code and state, and the state cookie",
      headerBehavior: cloudfront.OriginRequestHeaderBehavior.none(),
      queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.all(),
      cookieBehavior: cloudfront.OriginRequestCookieBehavior.allowList(STATE_COOKIE),
    });
    return {
      [`${GITHUB_OAUTH_PREFIX}*`]: {
        origin: origins.FunctionUrlOrigin.withOriginAccessControl(url, {
          originAccessControl,
          readTimeout: Duration.seconds(15),
        }),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
        originRequestPolicy,
        responseHeadersPolicy,
      },
    };
  }

  /** cdk-nag AwsSolutions findings this construct accepts, each with the reason it is acceptable here. */
  private acknowledgeNagFindings(props: StaticSiteProps): void {
    const distribution = Validations.of(this.distribution);
    distribution.acknowledge({
      id: "AwsSolutions-CFR1",
      reason:
        "The storefront sells to visitors worldwide (SPEC section 1: anonymous visitors anywhere); no country is to be excluded.",
    });
    if (!props.webAclArn) {
      distribution.acknowledge({
        id: "AwsSolutions-CFR2",
        reason:
          "WAF is off by context to save its fixed monthly fee on a low-traffic site (-c waf=true adds a per-IP rate limit on /api/*); the only dynamic paths are the lead functions, whose reserved concurrency caps cost and abuse.",
      });
    }
    if (!props.logBucket) {
      distribution.acknowledge({
        id: "AwsSolutions-CFR3",
        reason:
          "Access logging is off by context for a low-traffic brochure site; -c accessLogs=true writes CloudFront and S3 access logs to a logging bucket with expiry.",
      });
      Validations.of(this.bucket).acknowledge({
        id: "AwsSolutions-S1",
        reason:
          "Only CloudFront reads this bucket and only the deployment writes it; access logging is off by context (-c accessLogs=true turns it on).",
      });
    }
    if (!props.domain) {
      distribution.acknowledge({
        id: "AwsSolutions-CFR4",
        reason:
          "Without a custom domain the distribution uses the *.cloudfront.net certificate, whose security policy CloudFront fixes at TLSv1; with -c domainName the stack requires TLSv1.2_2021.",
      });
    }
  }

  /**
   * Uploads dist/ in the order that never serves a page whose files are missing: assets and other files first, then
   * the not-found views, then the data, then the pages, then one invalidation. Assets and files are never pruned: pages a visitor
   * still holds keep finding their old hashed assets. Pages are: the viewer-request function sends any path to
   * `<path>/index.html` and lets the bucket decide what is a page, so a removed page must leave the bucket.
   */
  private deploy(distDir: string, notFoundViews: Readonly<Record<string, string>>): void {
    const source = s3deploy.Source.asset(distDir);
    const common = { sources: [source], destinationBucket: this.bucket, prune: false, memoryLimit: 512 };
    const html = s3deploy.CacheControl.fromString(cacheControl("/index.html"));
    const revalidated = s3deploy.CacheControl.fromString(cacheControl("/404.html"));
    // Internal build files; the routing rules never serve them.
    const internal = ["_routes.json", "_csp.json"];

    const assets = new s3deploy.BucketDeployment(this, "DeployAssets", {
      ...common,
      exclude: ["*"],
      include: ["assets/*"],
      cacheControl: [s3deploy.CacheControl.fromString(cacheControl("/assets/file.js"))],
    });
    const files = new s3deploy.BucketDeployment(this, "DeployFiles", {
      ...common,
      exclude: ["assets/*", "*.html", "*.json", ...internal],
      cacheControl: [s3deploy.CacheControl.fromString(cacheControl("/favicon.svg"))],
    });
    const views = ["/404.html", ...Object.values(notFoundViews)].map((view) => view.slice(1));
    const notFound = new s3deploy.BucketDeployment(this, "DeployNotFoundViews", {
      ...common,
      exclude: ["*"],
      include: views,
      destinationKeyPrefix: `${NOT_FOUND_PREFIX.slice(1)}/`,
      metadata: { [STATUS_METADATA]: "404" },
      cacheControl: [revalidated],
    });
    // The JSON data the pages fetch, revalidated on every request (internal _*.json left out), before the pages.
    const data = new s3deploy.BucketDeployment(this, "DeployData", {
      ...common,
      exclude: ["*"],
      include: ["[!_]*.json"],
      prune: true,
      cacheControl: [revalidated],
    });
    const pages = new s3deploy.BucketDeployment(this, "DeployPages", {
      ...common,
      // Every HTML file but the not-found copies under _not-found/, which the filters also keep safe from pruning;
      // the invalidation covers the data too.
      exclude: ["*"],
      include: ["[!_]*.html"],
      prune: true,
      cacheControl: [html],
      distribution: this.distribution,
      distributionPaths: ["/*"],
    });
    notFound.node.addDependency(assets, files);
    data.node.addDependency(notFound);
    pages.node.addDependency(data);
    this.acknowledgeDeploymentHandler(assets);
  }

  /**
   * The five deployments share one handler function that aws-cdk-lib writes (runtime, role and grants included);
   * its findings are acknowledged on that function and its children only.
   */
  private acknowledgeDeploymentHandler(deployment: s3deploy.BucketDeployment): void {
    const handler = deployment.handlerRole.node.scope;
    if (!handler) return;
    const stack = Stack.of(this);
    const qualifier = String(
      stack.node.tryGetContext("@aws-cdk/core:bootstrapQualifier") ?? DefaultStackSynthesizer.DEFAULT_QUALIFIER,
    );
    // cdk-nag prints an unresolved partition as <AWS::Partition> (cdk.json's partition-literals flag resolves it).
    const partition = Token.isUnresolved(stack.partition) ? "<AWS::Partition>" : stack.partition;
    const assetBucket = `arn:${partition}:s3:::cdk-${qualifier}-assets-${stack.account}-${stack.region}`;
    const siteBucket = stack.getLogicalId(this.bucket.node.defaultChild as s3.CfnBucket);
    const copying =
      "The aws-cdk-lib deployment handler copies the build from the CDK asset bucket into the site bucket";
    Validations.of(handler).acknowledge(
      {
        id: "AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]",
        reason:
          "aws-cdk-lib gives its deployment handler the basic execution policy to write its own logs; it runs only during deployments.",
      },
      ...["s3:GetBucket*", "s3:GetObject*", "s3:List*"].map((action) => ({
        id: `AwsSolutions-IAM5[Action::${action}]`,
        reason: `${copying}: ${action} is aws-cdk-lib's read grant, limited to those two buckets.`,
      })),
      ...["s3:Abort*", "s3:DeleteObject*"].map((action) => ({
        id: `AwsSolutions-IAM5[Action::${action}]`,
        reason: `${copying}: ${action} comes with aws-cdk-lib's write grant on the site bucket only; the handler deletes only pages the build no longer has (DeployPages prunes HTML).`,
      })),
      {
        id: `AwsSolutions-IAM5[Resource::${assetBucket}/*]`,
        reason: `${copying}: it reads the zipped build from any key of the asset bucket.`,
      },
      {
        id: `AwsSolutions-IAM5[Resource::<${siteBucket}.Arn>/*]`,
        reason: `${copying}: it writes any key of the site bucket, which holds nothing but the build.`,
      },
      {
        id: "AwsSolutions-IAM5[Resource::*]",
        reason:
          "The deployment handler invalidates the distribution after upload; aws-cdk-lib grants cloudfront:CreateInvalidation/GetInvalidation without a resource scope.",
      },
      {
        id: "AwsSolutions-L1",
        reason:
          "The deployment handler's Python runtime is chosen and updated by aws-cdk-lib, not by this stack; it runs only during deployments.",
      },
    );
  }
}
