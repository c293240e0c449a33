import { describe, expect, test } from "vitest";
import { productInquirySchema } from "../../../src/schemas/product-inquiry.ts";

const schema = productInquirySchema({ products: [{ id: "legalway", name: "Legalway" }], packages: [] });
const VALID = {
  name: "Asha",
  email: "asha@example.org",
  mobile: "+91 98765 43210",
  product: "Legalway",
  message: "We would like to buy it.",
};

describe("productInquirySchema", () => {
  test("should accept an inquiry without a company and drop unknown keys", () => {
    expect(schema.parse({ ...VALID, website: "", elapsedMs: 5000 })).toEqual({ ...VALID, company: "" });
  });

  test("should report the first failing field in the order of the product inquiry dialog", () => {
    const result = schema.safeParse({ email: "x", product: "Nope", message: "short" });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "Name is required",
      "Invalid email address",
      "Invalid phone number format",
      "Invalid product",
      "Message must be at least 10 characters",
    ]);
  });

  test("should reject a product that is not a catalogue name", () => {
    expect(schema.safeParse({ ...VALID, product: "legalway" }).error?.issues[0]?.message).toBe("Invalid product");
  });
});
