import { describe, expect, test } from "vitest";
import { installationRequestSchema } from "../../../src/schemas/installation-request.ts";

const schema = installationRequestSchema({ products: [{ id: "astroway", name: "Astroway" }], packages: [] });
const VALID = {
  name: "Asha",
  email: "asha@example.org",
  mobile: "+91 98765 43210",
  product: "astroway",
  package: "android",
};

describe("installationRequestSchema", () => {
  test("should accept a request without a message", () => {
    expect(schema.parse(VALID)).toEqual({ ...VALID, message: "" });
  });

  test("should require a catalogue product id and one of the three packages", () => {
    const first = (input: object) => schema.safeParse({ ...VALID, ...input }).error?.issues[0]?.message;
    expect(first({ product: "" })).toBe("Product is required");
    expect(first({ product: "Astroway" })).toBe("Invalid product");
    expect(first({ package: undefined })).toBe("Package is required");
    expect(first({ package: "premium" })).toBe("Invalid package");
  });

  test("should limit the optional message to 2000 characters without a minimum", () => {
    expect(schema.safeParse({ ...VALID, message: "Hi" }).success).toBe(true);
    expect(schema.safeParse({ ...VALID, message: "a".repeat(2001) }).error?.issues[0]?.message).toBe(
      "Message must be less than 2000 characters",
    );
  });
});
