import { describe, expect, test } from "vitest";
import { contactMessageSchema } from "../../../src/schemas/contact-message.ts";

const schema = contactMessageSchema({ products: [{ id: "esim", name: "eSIM" }], packages: [] });
const VALID = {
  name: "Asha",
  email: "asha@example.org",
  mobile: "+91 98765 43210",
  subject: "Pricing",
  message: "Do you offer reseller pricing?",
};

describe("contactMessageSchema", () => {
  test("should accept a message about no product or about a catalogue product", () => {
    expect(schema.parse(VALID)).toEqual({ ...VALID, product: "" });
    expect(schema.parse({ ...VALID, product: "esim" }).product).toBe("esim");
  });

  test("should reject a product id outside the catalogue", () => {
    expect(schema.safeParse({ ...VALID, product: "eSIM" }).error?.issues[0]?.message).toBe("Invalid product");
  });

  test("should require a subject of at most 200 characters on one line", () => {
    const first = (subject: unknown) => schema.safeParse({ ...VALID, subject }).error?.issues[0]?.message;
    expect(first("")).toBe("Subject is required");
    expect(first("a".repeat(201))).toBe("Subject must be less than 200 characters");
    expect(first("a\nb")).toBe("Subject must be on one line");
  });
});
