import type { Site } from "../schemas/site.ts";

/**
 * Facts an editor may quote as `{{name}}` inside policy prose and the text of about.yaml and faq.yaml, so a fact the
 * copy repeats is written once, in content/site.yaml: the privacy policy's retention period is the leads table's TTL
 * (leads.retentionDays); "9+ products" is company.productCount wherever the copy says it.
 */
export const SITE_PLACEHOLDERS = {
  "leads.retentionDays": (site: Site) => String(site.leads.retentionDays),
  "company.productCount": (site: Site) => site.company.productCount,
  "company.clientCount": (site: Site) => site.company.clientCount,
  "company.yearsExperience": (site: Site) => site.company.yearsExperience,
  "company.foundingYear": (site: Site) => String(site.company.foundingYear),
} as const;

type PlaceholderName = keyof typeof SITE_PLACEHOLDERS;
const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/** The placeholders `text` names that do not exist, for validation to report on their line. */
export function unknownPlaceholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? "").filter((name) => !(name in SITE_PLACEHOLDERS));
}

/** What an editor is told beside an unknown placeholder. */
export function knownPlaceholders(): string {
  return Object.keys(SITE_PLACEHOLDERS)
    .map((key) => `{{${key}}}`)
    .join(", ");
}

/** `value` with `fill` applied to every string inside it, at any depth. */
function mapStrings<T>(value: T, fill: (text: string) => string): T {
  if (typeof value === "string") return fill(value) as T;
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, fill)) as T;
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, fill)])) as T;
}

/** Every string inside `value` (a parsed YAML file) with its placeholders filled; validation refused unknown ones. */
export const fillPlaceholdersIn = <T>(value: T, site: Site, file: string): T =>
  mapStrings(value, (text) => fillSitePlaceholders(text, site, file));

/** As fillPlaceholdersIn, for text still being typed (the editor's preview): an unknown name is left as written. */
export const fillKnownPlaceholders = <T>(value: T, site: Site): T =>
  mapStrings(value, (text) =>
    text.replace(PLACEHOLDER, (match, name: string) => SITE_PLACEHOLDERS[name as PlaceholderName]?.(site) ?? match),
  );

/**
 * Replaces every `{{name}}` in a rendered page with its value from site.yaml.
 * @param file the page's content file, named in the error.
 * @throws Error naming the file, the unknown placeholder and the ones that exist.
 */
export function fillSitePlaceholders(html: string, site: Site, file: string): string {
  return html.replace(PLACEHOLDER, (_match, name: string) => {
    const value = SITE_PLACEHOLDERS[name as PlaceholderName];
    if (!value) throw new Error(`${file}: unknown placeholder {{${name}}}; expected one of ${knownPlaceholders()}`);
    return value(site);
  });
}
