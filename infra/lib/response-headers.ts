import { Duration } from "aws-cdk-lib";
import {
  HeadersFrameOption,
  HeadersReferrerPolicy,
  type ResponseCustomHeader,
  type ResponseSecurityHeadersBehavior,
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
 * a custom header, so a header added there reaches production without a change here.
 * @throws Error when a value cannot be expressed in a policy (unknown frame or referrer option, CSP too long)
 */
export function responseHeadersFrom(headers: Readonly<Record<string, string>>): ResponseHeaders {
  const security: { -readonly [K in keyof ResponseSecurityHeadersBehavior]: ResponseSecurityHeadersBehavior[K] } = {};
  const customHeaders: ResponseCustomHeader[] = [];
  for (const [rawName, value] of Object.entries(headers)) {
    const name = rawName.toLowerCase();
    switch (name) {
      case "content-security-policy":
        if (value.length > MAX_CSP_LENGTH) {
          throw new Error(
            `The Content-Security-Policy is ${value.length} characters; CloudFront accepts ${MAX_CSP_LENGTH}. Fewer inline scripts or hosts keep it short.`,
          );
        }
        security.contentSecurityPolicy = { contentSecurityPolicy: value, override: true };
        break;
      case "strict-transport-security": {
        const maxAge = /(?:^|;)\s*max-age=(\d+)\s*(?:;|$)/i.exec(value)?.[1];
        if (!maxAge) throw new Error(`strict-transport-security "${value}" has no max-age`);
        const has = (token: string) => new RegExp(`(?:^|;)\\s*${token}\\s*(?:;|$)`, "i").test(value);
        security.strictTransportSecurity = {
          accessControlMaxAge: Duration.seconds(Number(maxAge)),
          includeSubdomains: has("includeSubDomains"),
          preload: has("preload"),
          override: true,
        };
        break;
      }
      case "x-content-type-options":
        if (value.toLowerCase() !== "nosniff")
          throw new Error(`x-content-type-options "${value}": CloudFront only sends nosniff`);
        security.contentTypeOptions = { override: true };
        break;
      case "x-frame-options": {
        const frameOption = Object.values(HeadersFrameOption).find((option) => option === value.toUpperCase());
        if (!frameOption) throw new Error(`x-frame-options "${value}": expected DENY or SAMEORIGIN`);
        security.frameOptions = { frameOption, override: true };
        break;
      }
      case "referrer-policy": {
        const referrerPolicy = Object.values(HeadersReferrerPolicy).find((policy) => policy === value.toLowerCase());
        if (!referrerPolicy) throw new Error(`referrer-policy "${value}" is not one CloudFront supports`);
        security.referrerPolicy = { referrerPolicy, override: true };
        break;
      }
      default:
        customHeaders.push({ header: name, value, override: true });
    }
  }
  return { securityHeadersBehavior: security, customHeaders };
}
