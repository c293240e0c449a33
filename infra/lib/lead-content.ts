import { readSiteContent } from "../../build/read-content.ts";
import type { LeadEnvironmentInput } from "../../lambdas/shared/env.ts";

/** The part of content the lead handlers are configured from (site facts, product and package names). */
export type LeadContent = Pick<LeadEnvironmentInput, "site" | "products" | "packages"> & {
  /** Days a lead stays in the table before its TTL removes it (site.yaml leads.retentionDays). */
  retentionDays: number;
};

/**
 * Reads content/ the way the build does, so the stack configures the handlers from the same validated facts.
 * @throws ContentErrors listing every content problem (the build reports the same)
 */
export async function readLeadContent(contentDir: string): Promise<LeadContent> {
  const content = await readSiteContent(contentDir);
  return {
    site: content.site,
    products: content.products.map(({ id, name }) => ({ id, name })),
    packages: content.installation.packages.map(({ id, name }) => ({ id, name })),
    retentionDays: content.site.leads.retentionDays,
  };
}
