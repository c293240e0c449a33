/**
 * What brought a visitor, as a lead carries it: the campaign parameters of the URL they landed on, the host
 * of the site that sent them, and the path they landed on. Written without zod: the eager loader applies this rule
 * when it notes a visit's source, and ./lead-fields.ts builds the fields of every lead schema from the same rule, so
 * the browser and the handlers keep and drop exactly the same values.
 */

/** The campaign parameters kept, URL name → lead field; any other parameter of the URL is ignored. */
export const CAMPAIGN_PARAMS = [
  ["utm_source", "utmSource"],
  ["utm_medium", "utmMedium"],
  ["utm_campaign", "utmCampaign"],
  ["utm_term", "utmTerm"],
  ["utm_content", "utmContent"],
] as const;

/** The lead fields of a source, in the order the mail and the exports show them. */
export const SOURCE_FIELDS = [
  "utmSource",
  "utmMedium",
  "utmCampaign",
  "utmTerm",
  "utmContent",
  "referrer",
  "landingPath",
] as const satisfies ReadonlyArray<(typeof CAMPAIGN_PARAMS)[number][1] | "referrer" | "landingPath">;
export type SourceField = (typeof SOURCE_FIELDS)[number];
export type LeadSource = Partial<Record<SourceField, string>>;

/** Longest value kept: a campaign value, a host name (DNS allows 253), a landing path. */
export const SOURCE_LIMITS = { campaign: 100, referrer: 253, landingPath: 200 } as const;

/**
 * A campaign value: printable text (no control, format, private-use or lone surrogate code point) and no "@", so an
 * e-mail address pasted into a link never travels with a lead.
 */
const CAMPAIGN_VALUE = /^[^\p{C}@]+$/u;
/** A host name as the URL parser gives it (lower case, punycode). */
const HOST = /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/;
/** A path as location.pathname gives it (percent-encoded): no query, no fragment, no white space. */
const PATH = /^\/[^\p{C}\s?#@]*$/u;

/** Whether `value` may be kept as the source field `field`; a value that may not is dropped, never an error. */
export function isSourceValue(field: SourceField, value: unknown): value is string {
  if (typeof value !== "string" || value === "") return false;
  if (field === "referrer") return value.length <= SOURCE_LIMITS.referrer && HOST.test(value);
  if (field === "landingPath") return value.length <= SOURCE_LIMITS.landingPath && PATH.test(value);
  return value.length <= SOURCE_LIMITS.campaign && value.trim() === value && CAMPAIGN_VALUE.test(value);
}

/** The fields of `raw` that pass the rule; anything else in it (unknown keys, bad values) is left out. */
export function cleanSource(raw: unknown): LeadSource {
  const source: LeadSource = {};
  if (typeof raw !== "object" || raw === null) return source;
  for (const field of SOURCE_FIELDS) {
    // Own fields only: a stored lead or a parsed body is a visitor's object, never a source of inherited values.
    const value = Object.hasOwn(raw, field) ? (raw as Record<string, unknown>)[field] : undefined;
    if (isSourceValue(field, value)) source[field] = value;
  }
  return source;
}

/** "source / medium / campaign", whichever of the three the link had; empty when none. */
const campaignOf = (source: LeadSource) =>
  [source.utmSource, source.utmMedium, source.utmCampaign].filter(Boolean).join(" / ");

/**
 * A short name of the source for tables and the report: "google / cpc / spring-sale", else the referring host, else
 * "direct".
 */
export function sourceLabel(source: LeadSource): string {
  return campaignOf(source) || source.referrer || "direct";
}

/**
 * The Source line of the vendor's mail: "google / cpc / spring-sale, landed on /products/whatsway, from google.com",
 * with the term and content when the link had them; "direct" when neither a campaign nor a referring site is known.
 */
export function describeSource(source: LeadSource): string {
  const extras = [
    source.utmTerm && `term: ${source.utmTerm}`,
    source.utmContent && `content: ${source.utmContent}`,
  ].filter(Boolean);
  const campaign = campaignOf(source) || (extras.length > 0 ? "campaign" : "");
  const parts = [
    campaign ? `${campaign}${extras.length > 0 ? ` (${extras.join("; ")})` : ""}` : source.referrer ? "" : "direct",
    source.landingPath && `landed on ${source.landingPath}`,
    source.referrer && `from ${source.referrer}`,
  ].filter(Boolean);
  return parts.join(", ");
}
