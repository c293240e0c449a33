import { Duration } from "aws-cdk-lib";
import type {
  HeadersFrameOption,
  HeadersReferrerPolicy,
  ResponseCustomHeader,
  ResponseSecurityHeadersBehavior,
} from "aws-cdk-lib/aws-cloudfront";

/** CloudFront's limit on the Content-Security-Policy value of a response headers policy. */
const MAX_CSP_LENGTH = 1783;

export interface ResponseHeaders {
  securityHeadersBehavior: ResponseSecurityHeadersBehavior;
  customHeaders: ResponseCustomHeader[];
}

/**
 * Turns the headers of securityHeaders() (src/lib/security-headers.ts, which the local server sends) into a
 * CloudFront response headers policy. Headers CloudFront models get their typed setting; every other header becomes
 * a custom header, so a header added there reaches production without a change here. tests/infra/site-stack.test.ts
 * reads the policy back and compares it with securityHeaders(), so a value the typed settings cannot carry fails there.
 * @throws Error when the Content-Security-Policy is longer than a policy may hold
 */
export function responseHeadersFrom(headers: Readonly<Record<string, string>>): ResponseHeaders {
  const security: { -readonly [K in keyof ResponseSecurityHeadersBehavior]: ResponseSecurityHeadersBehavior[K] } = {};
  const customHeaders: ResponseCustomHeader[] = [];
  for (const [rawName, value] of Object.entries(headers)) {
    const name = rawName.toLowerCase();
    if (name === "content-security-policy") {
      if (value.length > MAX_CSP_LENGTH) {
        throw new Error(
          `The Content-Security-Policy is ${value.length} characters; CloudFront accepts ${MAX_CSP_LENGTH}. Fewer inline scripts or hosts keep it short.`,
        );
      }
      security.contentSecurityPolicy = { contentSecurityPolicy: value, override: true };
    } else if (name === "strict-transport-security") {
      const has = (token: string) => new RegExp(`(?:^|;)\\s*${token}\\s*(?:;|$)`, "i").test(value);
      security.strictTransportSecurity = {
        accessControlMaxAge: Duration.seconds(Number(/max-age=(\d+)/i.exec(value)?.[1])),
        includeSubdomains: has("includeSubDomains"),
        preload: has("preload"),
        override: true,
      };
    } else if (name === "x-content-type-options") security.contentTypeOptions = { override: true };
    else if (name === "x-frame-options")
      security.frameOptions = { frameOption: value.toUpperCase() as HeadersFrameOption, override: true };
    else if (name === "referrer-policy")
      security.referrerPolicy = { referrerPolicy: value.toLowerCase() as HeadersReferrerPolicy, override: true };
    else customHeaders.push({ header: name, value, override: true });
  }
  return { securityHeadersBehavior: security, customHeaders };
}
