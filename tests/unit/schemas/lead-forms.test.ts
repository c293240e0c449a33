import { describe, expect, test } from "vitest";
import { contactMessageSchema } from "../../../src/schemas/contact-message.ts";
import { installationRequestSchema } from "../../../src/schemas/installation-request.ts";
import { productInquirySchema } from "../../../src/schemas/product-inquiry.ts";

/** The three forms' schemas over one catalogue; each form's own rules (the shared field rules: lead-fields.test.ts). */
const catalogue = {
  products: [
    { id: "esim", name: "eSIM" },
    { id: "legalway", name: "Legalway" },
  ],
  packages: [],
};
const person = { name: "Asha", email: "asha@example.org", mobile: "+91 98765 43210" };
const contact = { ...person, subject: "Pricing", message: "Do you offer reseller pricing?" };
const installation = { ...person, product: "esim", package: "android" };
const inquiry = { ...person, product: "Legalway", message: "We would like to buy it." };
const first = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("contactMessageSchema", () => {
  const schema = contactMessageSchema(catalogue);
  test("should accept a message about no product or a catalogue product id, and require a one-line subject", () => {
    expect(schema.parse(contact)).toEqual({ ...contact, product: "" });
    expect(schema.parse({ ...contact, product: "esim" }).product).toBe("esim");
    expect(first(schema.safeParse({ ...contact, product: "eSIM" }))).toBe("Invalid product");
    expect(first(schema.safeParse({ ...contact, subject: "" }))).toBe("Subject is required");
    expect(first(schema.safeParse({ ...contact, subject: "a".repeat(201) }))).toBe(
      "Subject must be less than 200 characters",
    );
    expect(first(schema.safeParse({ ...contact, subject: "a\nb" }))).toBe("Subject must be on one line");
  });
});

describe("installationRequestSchema", () => {
  const schema = installationRequestSchema(catalogue);
  test("should require a catalogue product id and one of the three packages; the message is optional, at most 2000", () => {
    expect(schema.parse(installation)).toEqual({ ...installation, message: "" });
    const check = (input: object) => first(schema.safeParse({ ...installation, ...input }));
    expect(check({ product: "" })).toBe("Product is required");
    expect(check({ product: "eSIM" })).toBe("Invalid product");
    expect(check({ package: undefined })).toBe("Package is required");
    expect(check({ package: "premium" })).toBe("Invalid package");
    expect(check({ message: "Hi" })).toBeUndefined();
    expect(check({ message: "a".repeat(2001) })).toBe("Message must be less than 2000 characters");
  });
});

describe("productInquirySchema", () => {
  const schema = productInquirySchema(catalogue);
  test("should accept an inquiry without a company, drop unknown keys and take only a catalogue name", () => {
    expect(schema.parse({ ...inquiry, website: "", elapsedMs: 5000 })).toEqual({ ...inquiry, company: "" });
    expect(first(schema.safeParse({ ...inquiry, product: "legalway" }))).toBe("Invalid product");
  });

  test("should report the failing fields in the order of the product inquiry dialog", () => {
    const result = schema.safeParse({ email: "x", product: "Nope", message: "short" });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "Name is required",
      "Invalid email address",
      "Invalid phone number format",
      "Invalid product",
      "Message must be at least 10 characters",
    ]);
  });
});
