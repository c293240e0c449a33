/**
 * The response headers every HTML page is served with, locally and by CloudFront's response headers policy, so the
 * browser tests run under the production policy. Keep this module dependency-free: infra/ imports it too.
 */
import { createHash } from "node:crypto";
import { SPECULATION_RULES } from "./speculation-rules.ts";

/** Hosts the analytics tag may use once consent allows it (Google tag and GA4 collection). */
const ANALYTICS_HOSTS = {
  script: ["https://www.googletagmanager.com"],
  connect: ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://www.googletagmanager.com"],
  img: ["https://*.google-analytics.com", "https://www.googletagmanager.com"],
} as const;

export interface CspInput {
  /** 'sha256-…' sources of the build's inline scripts (dist/_csp.json). */
  scriptHashes: readonly string[];
}

/**
 * The loader inserts the speculation rules (src/client/next-page.ts); CSP treats them as an inline script. Allowed by
 * the hash of their one text rather than by 'inline-speculation-rules', a keyword WebKit and Firefox do not know and
 * report as an invalid source on every page.
 */
const SPECULATION_RULES_HASH = `'sha256-${createHash("sha256").update(SPECULATION_RULES).digest("base64")}'`;

/**
 * A strict Content-Security-Policy: no inline script but the hashed ones, no inline style, no framing.
 * Directives that fall back to default-src 'self' (the web manifest's manifest-src, for one) are left out: WebKit does
 * not know manifest-src and logs an "Unrecognized Content-Security-Policy directive" on every page.
 */
export function contentSecurityPolicy({ scriptHashes }: CspInput): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...scriptHashes, SPECULATION_RULES_HASH, ...ANALYTICS_HOSTS.script],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:", ...ANALYTICS_HOSTS.img],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...ANALYTICS_HOSTS.connect],
    "frame-src": ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'", "mailto:"],
    "frame-ancestors": ["'none'"],
  };
  return policyText(directives);
}

const policyText = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");

/** The content editor's folder: its page and bundle get adminSecurityHeaders(), every other path the site's. */
export const ADMIN_PATH = "/admin";

/** Where /admin reads and writes content/ on `npm run dev` (server/cms-backend.ts), on the site's own origin. */
export const LOCAL_CMS_API = `${ADMIN_PATH}/api/v1`;

/** Whether a request path is the content editor's (/admin, /admin/ and the files under it). */
export function isAdminPath(pathname: string): boolean {
  return pathname === ADMIN_PATH || pathname.startsWith(`${ADMIN_PATH}/`);
}

export interface AdminCspInput {
  /** Where the editor reads and writes content besides its own origin: GitHub's API in production. */
  connect: readonly string[];
}

/**
 * The editor's own policy for /admin alone, looser than the site's only where Decap CMS needs it: emotion inserts
 * <style> elements, ajv compiles schemas with new Function, the preview is an about:blank frame, picked images show
 * from blob: URLs before they are saved, and GitHub shows the editor's avatar.
 */
function adminContentSecurityPolicy({ connect }: AdminCspInput): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", "'unsafe-eval'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", "https://avatars.githubusercontent.com"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", "blob:", ...connect],
    "frame-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return policyText(directives);
}

/**
 * The headers of /admin: the site's, with the editor's policy, and an opener policy that lets GitHub's sign-in popup
 * report back to the page that opened it (same-origin would cut the popup off from its opener).
 */
export function adminSecurityHeaders(input: AdminCspInput): Record<string, string> {
  return {
    ...securityHeaders({ scriptHashes: [] }),
    "content-security-policy": adminContentSecurityPolicy(input),
    "cross-origin-opener-policy": "same-origin-allow-popups",
  };
}

/** GitHub's API, where the production editor reads and writes the repository. */
export const GITHUB_API = "https://api.github.com";

const PERMISSIONS_POLICY =
  "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=()";

/** What acts on any response, a page's or a script's: HTTPS only, and no guessing of a file's type. */
const EVERY_RESPONSE = {
  "strict-transport-security": "max-age=63072000; includeSubDomains; preload",
  "x-content-type-options": "nosniff",
} as const;

/** The site's hashed stylesheets, scripts and icon sprite: files no browser shows as a page. */
export const ASSETS_PATH = "/assets";

/** Whether a served file is one of the site's assets (ASSETS_PATH), which get assetHeaders() instead of the page's. */
export function isAssetPath(pathname: string): boolean {
  return pathname.startsWith(`${ASSETS_PATH}/`);
}

/**
 * The headers of an asset, locally and by CloudFront's policy for ASSETS_PATH: the policy, framing, referrer, feature
 * and opener headers act on a document alone, and would add about 1.4 KB to every stylesheet and script.
 */
export function assetHeaders(): Record<string, string> {
  return { ...EVERY_RESPONSE };
}

/** Headers for every page of the site and every file but its assets (CloudFront adds the same through its policy). */
export function securityHeaders(input: CspInput): Record<string, string> {
  return {
    "content-security-policy": contentSecurityPolicy(input),
    ...EVERY_RESPONSE,
    "x-frame-options": "DENY",
    "referrer-policy": "strict-origin-when-cross-origin",
    "permissions-policy": PERMISSIONS_POLICY,
    "cross-origin-opener-policy": "same-origin",
  };
}
