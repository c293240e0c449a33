import type { SiteContent } from "./content.ts";

/**
 * Which deployment a build is for. Production is what search engines see, at content/site.yaml's url; staging is a
 * rehearsal at its own origin that asks every crawler to stay away (noindex pages, a robots.txt that disallows all).
 * The build takes it from SITE_ENV and SITE_URL; the CDK app passes the stack's values.
 */
export interface SiteEnvironment {
  name: "production" | "staging";
  /** The origin canonical links, the sitemap and feeds use; content/site.yaml url when undefined. */
  url: string | undefined;
}

export const PRODUCTION: SiteEnvironment = { name: "production", url: undefined };

/**
 * Reads SITE_ENV (production, the default, or staging) and SITE_URL (an http(s) origin).
 * @throws Error naming the variable, what was found and what is accepted
 */
export function readSiteEnvironment(env: Readonly<Record<string, string | undefined>>): SiteEnvironment {
  const name = env.SITE_ENV?.trim() || "production";
  if (name !== "production" && name !== "staging") {
    throw new Error(`SITE_ENV is "${env.SITE_ENV}"; expected production or staging`);
  }
  const url = env.SITE_URL?.trim() || undefined;
  if (url !== undefined && !/^https?:\/\/[a-z0-9.-]+(:\d+)?\/?$/i.test(url)) {
    throw new Error(`SITE_URL is "${url}"; expected an origin without a path, such as https://staging.example.com`);
  }
  return { name, url: url?.replace(/\/$/, "") };
}

/** True when pages may be indexed: production only. */
export const isIndexable = (environment: SiteEnvironment | undefined): boolean => environment?.name !== "staging";

/** The content as this environment publishes it: its own origin in site.url, the environment recorded beside it. */
export function withEnvironment(content: SiteContent, environment: SiteEnvironment): SiteContent {
  return { ...content, site: { ...content.site, url: environment.url ?? content.site.url }, environment };
}
