import * as z from "zod/mini";
import { packageIds } from "./installation-package.ts";
import { isSourceValue, SOURCE_LIMITS, type SourceField } from "./lead-source.ts";

/**
 * Field rules shared by the three lead forms (SPEC section 5). Messages are the spec's sentences, word for word;
 * where the spec shows none, the message follows the same pattern. A value of the wrong type gets the field's own
 * message, so a visitor (or a handler's answer) never sees zod's generic "Invalid input".
 */

/** The products and packages a lead may name; the handlers read it from their configuration, forms from props. */
export interface LeadCatalogue {
  products: ReadonlyArray<{ id: string; name: string }>;
  packages: ReadonlyArray<{ id: string; name: string }>;
}

// The field names live without zod in ./lead-field-names.ts (the browser loads them when a form wakes); one source.
export { ELAPSED_FIELD, HONEYPOT_FIELD, SUBMISSION_ID_FIELD } from "./lead-field-names.ts";
/** Any RFC 9562 UUID in its canonical text form; the browser makes v4 (crypto.randomUUID). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A form sent faster than this after it opened was not filled in by a person. */
export const MIN_FILL_MS = 2_000;

/** CR, LF, NUL and other C0 controls never belong in a one-line field (they would allow e-mail header injection). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const ONE_LINE = /^[^\u0000-\u001f\u007f]*$/;
/** A message may span lines and use tabs, but carries no other control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;
const oneLine = (field: string) => z.regex(ONE_LINE, `${field} must be on one line`);
/**
 * A lone UTF-16 surrogate is valid JSON but no character at all: it cannot be stored or mailed intact (it once broke the
 * SES client for the next lead). Such a value gets the field's own message, as any other unusable value does.
 */
const wellFormed = (message: string) =>
  z.refine<string>(
    // Stryker disable next-line all: the spelled-out check and the engine's agree (tested), so either branch passes.
    (value) => (typeof value.isWellFormed === "function" ? value.isWellFormed() : isWellFormed(value)),
    message,
  );

/** `String.prototype.isWellFormed` spelled out, for browsers older than 2023: no unpaired UTF-16 surrogate. */
export function isWellFormed(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    if (unit >= 0xdc00 && unit <= 0xdfff) return false;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    }
  }
  return true;
}
/** Format characters (zero-width spaces, joiners, direction marks) and white space alone are not text a person typed. */
const VISIBLE = /[^\p{Cf}\s]/u;
const visible = (message: string) => z.refine<string>((value) => value === "" || VISIBLE.test(value), message);
/** Digits in a phone number; brackets, spaces and dashes are layout. */
const digitCount = (value: string) => value.replace(/\D/g, "").length;
/**
 * A text field: first "is it a string?", and only then its checks. zod runs a field's checks on a value of the wrong
 * type too (an object whose `length` is a getter reached them and threw: a 500), so the type is its own stage.
 */
const text = (message: string, ...checks: Parameters<z.ZodMiniString["check"]>) =>
  z.pipe(z.string(message), z.string(message).check(...checks));
const oneOf = (values: ReadonlyArray<string>, message: string) => {
  const allowed = new Set(values);
  return z.refine<string>((value) => allowed.has(value), message);
};

/**
 * The longest text each lead field may hold (the spec's limits; a product or package is a catalogue name or id, and a
 * source field has its own rule in ./lead-source.ts). The schemas below check them; the spam folder cuts a suspected
 * lead's fields to them (lambdas/shared/spam-folder.ts), so no form field can hold more than this in the store.
 */
export const LEAD_FIELD_MAX = {
  name: 100,
  email: 255,
  mobile: 25,
  company: 100,
  subject: 200,
  message: 2000,
  product: 100,
  package: 40,
  utmSource: SOURCE_LIMITS.campaign,
  utmMedium: SOURCE_LIMITS.campaign,
  utmCampaign: SOURCE_LIMITS.campaign,
  utmTerm: SOURCE_LIMITS.campaign,
  utmContent: SOURCE_LIMITS.campaign,
  referrer: SOURCE_LIMITS.referrer,
  landingPath: SOURCE_LIMITS.landingPath,
} as const satisfies Record<string, number>;

export const leadFields = {
  name: () =>
    text(
      "Name is required",
      wellFormed("Name is required"),
      z.trim(),
      z.minLength(1, "Name is required"),
      visible("Name is required"),
      z.maxLength(LEAD_FIELD_MAX.name, "Name must be less than 100 characters"),
      oneLine("Name"),
    ),
  email: () =>
    text(
      "Invalid email address",
      wellFormed("Invalid email address"),
      z.trim(),
      z.maxLength(LEAD_FIELD_MAX.email, "Invalid email address"),
      z.email("Invalid email address"),
    ),
  mobile: () =>
    text(
      "Invalid phone number format",
      wellFormed("Invalid phone number format"),
      z.trim(),
      oneLine("Mobile number"),
      // Layout characters are free, within reason: no number needs more than this many characters.
      z.maxLength(LEAD_FIELD_MAX.mobile, "Mobile number must be less than 15 digits"),
      z.regex(/^[0-9+\-\s()]+$/, "Invalid phone number format"),
      // The spec counts digits: "(((((((((( " is ten characters and no number.
      z.refine((value) => digitCount(value) >= 10, "Mobile number must be at least 10 digits"),
      z.refine((value) => digitCount(value) <= 15, "Mobile number must be less than 15 digits"),
    ),
  message: () =>
    text(
      "Message must be at least 10 characters",
      wellFormed("Message contains characters that are not allowed"),
      z.trim(),
      z.minLength(10, "Message must be at least 10 characters"),
      visible("Message must be at least 10 characters"),
      z.maxLength(LEAD_FIELD_MAX.message, "Message must be less than 2000 characters"),
      z.regex(MULTI_LINE, "Message contains characters that are not allowed"),
    ),
  optionalMessage: () =>
    z._default(
      text(
        "Message must be less than 2000 characters",
        wellFormed("Message contains characters that are not allowed"),
        z.trim(),
        visible("Message contains characters that are not allowed"),
        z.maxLength(LEAD_FIELD_MAX.message, "Message must be less than 2000 characters"),
        z.regex(MULTI_LINE, "Message contains characters that are not allowed"),
      ),
      "",
    ),
  subject: () =>
    text(
      "Subject is required",
      wellFormed("Subject is required"),
      z.trim(),
      z.minLength(1, "Subject is required"),
      visible("Subject is required"),
      z.maxLength(LEAD_FIELD_MAX.subject, "Subject must be less than 200 characters"),
      oneLine("Subject"),
    ),
  company: () =>
    z._default(
      text(
        "Company must be less than 100 characters",
        wellFormed("Company must be less than 100 characters"),
        z.trim(),
        z.maxLength(LEAD_FIELD_MAX.company, "Company must be less than 100 characters"),
        oneLine("Company"),
      ),
      "",
    ),
  /** A product of the catalogue named by its display name (a product inquiry sends the name). */
  productName: (catalogue: LeadCatalogue) =>
    text(
      "Product is required",
      z.trim(),
      z.minLength(1, "Product is required"),
      oneOf(
        catalogue.products.map((p) => p.name),
        "Invalid product",
      ),
    ),
  /** A product of the catalogue named by its id (the installation form's select). */
  productId: (catalogue: LeadCatalogue) =>
    text(
      "Product is required",
      z.trim(),
      z.minLength(1, "Product is required"),
      oneOf(
        catalogue.products.map((p) => p.id),
        "Invalid product",
      ),
    ),
  /** No product, or one of the catalogue named by its id (the contact form's optional select). */
  optionalProductId: (catalogue: LeadCatalogue) =>
    z._default(
      text("Invalid product", z.trim(), oneOf(["", ...catalogue.products.map((p) => p.id)], "Invalid product")),
      "",
    ),
  /** One of the installation packages: basic, android or complete. */
  package: () =>
    z.pipe(
      text("Package is required", z.trim(), z.minLength(1, "Package is required")),
      z.enum(packageIds, "Invalid package"),
    ),
  /**
   * The browser's id of one filled form (a UUID, SUBMISSION_ID_FIELD). Optional: a request without one gets an id
   * from the server. Not shown to the visitor, so its message names the field. A UUID's hex digits are one value in
   * either case: lower-cased here, the one place ids enter, so that the store's key, the mails' X-Lead-Id and the
   * answer agree, and the same lead sent with its id upper-cased is not a second lead nor a second mail.
   */
  submissionId: () =>
    z.optional(text("Invalid submission id", z.regex(UUID, "Invalid submission id"), z.toLowerCase())),
};

/**
 * One field of the visit's source (./lead-source.ts has the rule). Unlike the visitor's own fields, a value that breaks
 * the rule is dropped, not reported: the visitor cannot see or fix it, and their lead must arrive without it.
 */
const sourceField = (field: SourceField) =>
  z.catch(z.optional(z.string().check(z.refine((value) => isSourceValue(field, value)))), undefined);

/** The source fields every lead schema carries (spread into its object), each optional and dropped when invalid. */
export function leadSourceFields() {
  return {
    // Stryker disable StringLiteral: the five campaign fields share one rule, so any name checks the same.
    utmSource: sourceField("utmSource"),
    utmMedium: sourceField("utmMedium"),
    utmCampaign: sourceField("utmCampaign"),
    utmTerm: sourceField("utmTerm"),
    utmContent: sourceField("utmContent"),
    // Stryker restore StringLiteral
    referrer: sourceField("referrer"),
    landingPath: sourceField("landingPath"),
  } satisfies Record<SourceField, unknown>;
}
