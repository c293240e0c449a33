import * as z from "zod/mini";
import { packageIds } from "./installation-package.ts";

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

/** Name of the hidden field a person never fills in; a filled one marks a bot. */
export const HONEYPOT_FIELD = "website";
/** Name of the field that carries how long the form was open before it was sent, in milliseconds. */
export const ELAPSED_FIELD = "elapsedMs";
/**
 * Name of the field that carries the id the browser makes once per filled form (a UUID): a retried or double-clicked
 * submit repeats it, so the handlers store and mail that lead once.
 */
export const SUBMISSION_ID_FIELD = "submissionId";
/** A form sent faster than this after it opened was not filled in by a person. */
export const MIN_FILL_MS = 2_000;

/** CR, LF, NUL and other C0 controls never belong in a one-line field (they would allow e-mail header injection). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const ONE_LINE = /^[^\u0000-\u001f\u007f]*$/;
/** A message may span lines and use tabs, but carries no other control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;
const oneLine = (field: string) => z.regex(ONE_LINE, `${field} must be on one line`);
const oneOf = (values: ReadonlyArray<string>, message: string) => {
  const allowed = new Set(values);
  return z.refine<string>((value) => allowed.has(value), message);
};

export const leadFields = {
  name: () =>
    z
      .string("Name is required")
      .check(z.trim(), z.minLength(1, "Name is required"), z.maxLength(100, "Name must be less than 100 characters"), oneLine("Name")),
  email: () =>
    z.string("Invalid email address").check(z.trim(), z.maxLength(255, "Invalid email address"), z.email("Invalid email address")),
  mobile: () =>
    z
      .string("Invalid phone number format")
      .check(
        z.trim(),
        z.minLength(10, "Mobile number must be at least 10 digits"),
        z.maxLength(15, "Mobile number must be less than 15 digits"),
        z.regex(/^[0-9+\-\s()]+$/, "Invalid phone number format"),
        oneLine("Mobile number"),
      ),
  message: () =>
    z
      .string("Message must be at least 10 characters")
      .check(
        z.trim(),
        z.minLength(10, "Message must be at least 10 characters"),
        z.maxLength(2000, "Message must be less than 2000 characters"),
        z.regex(MULTI_LINE, "Message contains characters that are not allowed"),
      ),
  optionalMessage: () =>
    z._default(
      z
        .string("Message must be less than 2000 characters")
        .check(
          z.trim(),
          z.maxLength(2000, "Message must be less than 2000 characters"),
          z.regex(MULTI_LINE, "Message contains characters that are not allowed"),
        ),
      "",
    ),
  subject: () =>
    z
      .string("Subject is required")
      .check(z.trim(), z.minLength(1, "Subject is required"), z.maxLength(200, "Subject must be less than 200 characters"), oneLine("Subject")),
  company: () =>
    z._default(
      z.string("Company must be less than 100 characters").check(z.trim(), z.maxLength(100, "Company must be less than 100 characters"), oneLine("Company")),
      "",
    ),
  /** A product of the catalogue named by its display name (the buy dialog sends the name). */
  productName: (catalogue: LeadCatalogue) =>
    z
      .string("Product is required")
      .check(z.trim(), z.minLength(1, "Product is required"), oneOf(catalogue.products.map((p) => p.name), "Invalid product")),
  /** A product of the catalogue named by its id (the installation form's select). */
  productId: (catalogue: LeadCatalogue) =>
    z
      .string("Product is required")
      .check(z.trim(), z.minLength(1, "Product is required"), oneOf(catalogue.products.map((p) => p.id), "Invalid product")),
  /** No product, or one of the catalogue named by its id (the contact form's optional select). */
  optionalProductId: (catalogue: LeadCatalogue) =>
    z._default(
      z.string("Invalid product").check(z.trim(), oneOf(["", ...catalogue.products.map((p) => p.id)], "Invalid product")),
      "",
    ),
  /** One of the installation packages: basic, android or complete. */
  package: () =>
    z.pipe(z.string("Package is required").check(z.trim(), z.minLength(1, "Package is required")), z.enum(packageIds, "Invalid package")),
};
