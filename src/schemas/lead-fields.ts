import * as z from "zod/mini";

/**
 * Field rules shared by the three lead forms (SPEC section 5). Messages are the spec's sentences, word for word;
 * where the spec shows none, the message follows the same pattern.
 */

/** CR, LF, NUL and other C0 controls never belong in a one-line field (they would allow e-mail header injection). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_CHARS = /^[^\u0000-\u001f\u007f]*$/;
const oneLine = (field: string) => z.regex(CONTROL_CHARS, `${field} must be on one line`);

export const leadFields = {
  name: () =>
    z.string().check(z.trim(), z.minLength(1, "Name is required"), z.maxLength(100, "Name must be less than 100 characters"), oneLine("Name")),
  email: () =>
    z.string().check(z.trim(), z.maxLength(255, "Invalid email address"), z.email("Invalid email address"), oneLine("Email")),
  mobile: () =>
    z
      .string()
      .check(
        z.trim(),
        z.minLength(10, "Mobile number must be at least 10 digits"),
        z.maxLength(15, "Mobile number must be less than 15 digits"),
        z.regex(/^[0-9+\-\s()]+$/, "Invalid phone number format"),
        oneLine("Mobile number"),
      ),
  message: () =>
    z
      .string()
      .check(
        z.trim(),
        z.minLength(10, "Message must be at least 10 characters"),
        z.maxLength(2000, "Message must be less than 2000 characters"),
      ),
  optionalMessage: () =>
    z._default(z.string().check(z.trim(), z.maxLength(2000, "Message must be less than 2000 characters")), ""),
  subject: () =>
    z
      .string()
      .check(z.trim(), z.minLength(1, "Subject is required"), z.maxLength(200, "Subject must be less than 200 characters"), oneLine("Subject")),
  company: () =>
    z._default(z.string().check(z.trim(), z.maxLength(100, "Company must be less than 100 characters"), oneLine("Company")), ""),
  product: () => z.string().check(z.trim(), z.minLength(1, "Product is required"), oneLine("Product")),
};
