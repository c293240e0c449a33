import { readSiteContent } from "../../build/read-content.ts";
import type { LeadEnvironmentInput } from "../../lambdas/shared/env.ts";

/** How long a stored lead is kept when content/site.yaml sets no leads.retentionDays. */
export const DEFAULT_RETENTION_DAYS = 365;

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
  const { leads } = content.site;
  // The content schema validates the value where it declares the key; older content without it keeps the default.
  const retentionDays = "retentionDays" in leads && typeof leads.retentionDays === "number" ? leads.retentionDays : DEFAULT_RETENTION_DAYS;
  return {
    site: content.site,
    products: content.products.map(({ id, name }) => ({ id, name })),
    packages: content.installation.packages.map(({ id, name }) => ({ id, name })),
    retentionDays,
  };
}
