import type { Site } from "../schemas/site.ts";

/**
 * Facts an editor may quote inside policy prose as `{{name}}`, so the page and the system it describes read one
 * setting: the privacy policy's retention period is the leads table's TTL (content/site.yaml leads.retentionDays).
 */
export const SITE_PLACEHOLDERS = {
  "leads.retentionDays": (site: Site) => String(site.leads.retentionDays),
} as const;

/**
 * Replaces every `{{name}}` in a rendered page with its value from site.yaml.
 * @param file the page's content file, named in the error.
 * @throws Error naming the file, the unknown placeholder and the ones that exist.
 */
export function fillSitePlaceholders(html: string, site: Site, file: string): string {
  return html.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_match, name: string) => {
    const value = SITE_PLACEHOLDERS[name as keyof typeof SITE_PLACEHOLDERS];
    if (!value)
      throw new Error(
        `${file}: unknown placeholder {{${name}}}; expected one of ${Object.keys(SITE_PLACEHOLDERS)
          .map((key) => `{{${key}}}`)
          .join(", ")}`,
      );
    return value(site);
  });
}
