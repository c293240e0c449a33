import * as z from "zod/mini";
import { describe, expect, test } from "vitest";
import * as leadFieldsModule from "../../../src/schemas/lead-fields.ts";
import { type LeadCatalogue, leadFields } from "../../../src/schemas/lead-fields.ts";

const CATALOGUE: LeadCatalogue = {
  products: [
    { id: "astroway", name: "Astroway" },
    { id: "esim", name: "eSIM" },
  ],
  packages: [{ id: "basic", name: "Basic" }],
};

/** The first message for a value, or "ok". */
function check(schema: z.ZodMiniType, value: unknown): string {
  const result = schema.safeParse(value);
  return result.success ? "ok" : (result.error.issues[0]?.message ?? "?");
}

describe("lead-fields", () => {
  test("should expose the field rules, the catalogue type's users and the bot-trap names", () => {
    expect(Object.keys(leadFieldsModule).sort()).toEqual([
      "ELAPSED_FIELD",
      "HONEYPOT_FIELD",
      "LEAD_FIELD_MAX",
      "MIN_FILL_MS",
      "SUBMISSION_ID_FIELD",
      "isWellFormed",
      "leadFields",
      "leadSourceFields",
    ]);
    expect([leadFieldsModule.HONEYPOT_FIELD, leadFieldsModule.ELAPSED_FIELD, leadFieldsModule.MIN_FILL_MS]).toEqual([
      "website",
      "elapsedMs",
      2000,
    ]);
  });

  test.each(
    (
      [
        ["name", "", "Name is required"],
        ["name", "  \t ", "Name is required"],
        ["name", 42, "Name is required"],
        ["name", undefined, "Name is required"],
        ["name", "a".repeat(101), "Name must be less than 100 characters"],
        ["name", "Asha\r\nBcc: x@example.net", "Name must be on one line"],
        ["name", "Asha\u0000", "Name must be on one line"],
        ["name", "  Asha Verma  ", "ok"],
        ["email", "asha@example", "Invalid email address"],
        ["email", "asha@example.org\nBcc: x@example.net", "Invalid email address"],
        ["email", "asha@example.org,x@example.net", "Invalid email address"],
        ["email", `${"a".repeat(250)}@example.org`, "Invalid email address"],
        ["email", null, "Invalid email address"],
        ["email", " asha@example.org ", "ok"],
        ["mobile", "12345", "Mobile number must be at least 10 digits"],
        ["mobile", "1234567890123456", "Mobile number must be less than 15 digits"],
        ["mobile", "98765abc432", "Invalid phone number format"],
        ["mobile", "98765\n43210", "Mobile number must be on one line"],
        ["mobile", "+91 (98) 765-43", "Mobile number must be at least 10 digits"],
        ["mobile", "((((((((((", "Mobile number must be at least 10 digits"],
        ["mobile", "+91 (98765) 432-10", "ok"],
        ["mobile", "9876543210", "ok"],
        ["mobile", "123456789012345", "ok"],
        ["mobile", "1 2 3 4 5 6 7 8 9 0 1 2 3 4", "Mobile number must be less than 15 digits"],
        ["mobile", "+1 (234) 567-8901-23456", "Mobile number must be less than 15 digits"],
        ["mobile", "98765 \ud800 43210", "Invalid phone number format"],
        ["name", "\u200b\u200c\u200d", "Name is required"],
        ["name", "Asha \ud800", "Name is required"],
        ["name", "Zoë 🌸", "ok"],
        ["email", "asha\udfff@example.org", "Invalid email address"],
        ["message", "\u200b".repeat(12), "Message must be at least 10 characters"],
        ["message", "Hello there \ud83d", "Message contains characters that are not allowed"],
        ["optionalMessage", "\u2060\u200e", "Message contains characters that are not allowed"],
        ["optionalMessage", "", "ok"],
        ["optionalMessage", "Hello there \ud83d", "Message contains characters that are not allowed"],
        ["optionalMessage", "hello there\u0000", "Message contains characters that are not allowed"],
        ["optionalMessage", 42, "Message must be less than 2000 characters"],
        ["subject", "\u200e\u200f", "Subject is required"],
        ["company", "ACME \udc00", "Company must be less than 100 characters"],
        ["message", "too short", "Message must be at least 10 characters"],
        ["message", "a".repeat(2001), "Message must be less than 2000 characters"],
        ["message", "line one\r\nline two\tend", "ok"],
        ["message", "hello there\u0000", "Message contains characters that are not allowed"],
        ["subject", "", "Subject is required"],
        ["subject", "a".repeat(201), "Subject must be less than 200 characters"],
        ["subject", "Hi\nBcc: x@example.net", "Subject must be on one line"],
        ["company", "a".repeat(101), "Company must be less than 100 characters"],
        ["company", "ACME\r\n", "ok"],
        ["company", "AC\rME", "Company must be on one line"],
        ["package", "", "Package is required"],
        ["package", "gold", "Invalid package"],
        ["package", 42, "Package is required"],
        ["package", " android ", "ok"],
      ] as const
    ).map(
      ([field, value, message]) =>
        [
          field,
          typeof value === "string" && value.length > 40 ? `${value.length} characters` : JSON.stringify(value),
          message,
          value,
        ] as const,
    ),
  )("should check %s %s: %s", (field, _shown, message, value) => {
    const make = leadFields[field] as () => z.ZodMiniType;
    expect(check(make(), value)).toBe(message);
  });

  test("should accept a UUID as the submission id, or none, and refuse anything else", () => {
    const id = leadFields.submissionId();
    expect(check(id, "0b7a4c5e-8f1d-4e2a-9c3b-5d6e7f8a9b0c")).toBe("ok");
    expect(check(id, undefined)).toBe("ok");
    expect(id.parse("0B7A4C5E-8F1D-4E2A-9C3B-5D6E7F8A9B0C")).toBe("0b7a4c5e-8f1d-4e2a-9c3b-5d6e7f8a9b0c");
    for (const bad of ["", "lead#1", "0b7a4c5e8f1d4e2a9c3b5d6e7f8a9b0c", 42, "0b7a4c5e-8f1d-4e2a-9c3b-5d6e7f8a9b0c\n"])
      expect(check(id, bad)).toBe("Invalid submission id");
  });

  test("should tell well-formed text from text with a lone surrogate, as String.prototype.isWellFormed does", () => {
    const pairs = ["\ud800\udc00", "\udbff\udfff", "\ud800a", "\ud800\uff21", "\udc00a", "\uff21"];
    for (const value of ["", "Zoë 🌸", "\ud83c\udf38", "\ud800", "a\udfffb", "\udc00\ud800", "🌸\ud83c", ...pairs]) {
      expect(leadFieldsModule.isWellFormed(value), JSON.stringify(value)).toBe(value.isWellFormed());
    }
  });

  test("should trim values and fill in optional ones", () => {
    expect(leadFields.name().parse("  Asha  ")).toBe("Asha");
    expect(leadFields.company().parse(undefined)).toBe("");
    expect(leadFields.optionalMessage().parse(undefined)).toBe("");
    expect(leadFields.package().parse(" complete ")).toBe("complete");
  });

  test("should keep the visit's source fields that pass their rule and drop the rest without refusing the lead", () => {
    const source = z.object(leadFieldsModule.leadSourceFields());
    expect(source.parse({ utmSource: "newsletter", referrer: "www.google.com", landingPath: "/blog/launch" })).toEqual({
      utmSource: "newsletter",
      referrer: "www.google.com",
      landingPath: "/blog/launch",
    });
    expect(source.parse({ utmTerm: " padded ", referrer: "Black Friday", landingPath: "Black Friday" })).toEqual({});
  });

  test("should accept only catalogue products: names for the inquiry, ids for the other forms", () => {
    expect(check(leadFields.productName(CATALOGUE), "eSIM")).toBe("ok");
    expect(check(leadFields.productName(CATALOGUE), "esim")).toBe("Invalid product");
    expect(check(leadFields.productName(CATALOGUE), "")).toBe("Product is required");
    expect(check(leadFields.productId(CATALOGUE), "esim")).toBe("ok");
    expect(check(leadFields.productId(CATALOGUE), "eSIM")).toBe("Invalid product");
    expect(check(leadFields.productId(CATALOGUE), undefined)).toBe("Product is required");
    expect(check(leadFields.optionalProductId(CATALOGUE), "")).toBe("ok");
    expect(check(leadFields.optionalProductId(CATALOGUE), undefined)).toBe("ok");
    expect(check(leadFields.optionalProductId(CATALOGUE), "nope")).toBe("Invalid product");
    expect(check(leadFields.optionalProductId(CATALOGUE), 42)).toBe("Invalid product");
    expect(leadFields.optionalProductId(CATALOGUE).parse(undefined)).toBe("");
  });
});
