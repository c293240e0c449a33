import { describe, expect, test } from "vitest";
import { buyMode } from "../../../src/lib/buy-mode.ts";

const option = (label: string) => ({ label, url: `https://market.example.com/${label}` });

describe("buyMode", () => {
  test("a product sold directly opens the product inquiry dialog, whatever its options", () => {
    expect(buyMode({ sellDirectly: true })).toBe("dialog");
    expect(buyMode({ sellDirectly: true, purchaseOptions: [option("a"), option("b")] })).toBe("dialog");
  });

  test("a product with several purchase options shows the options dropdown", () => {
    expect(buyMode({ sellDirectly: false, purchaseOptions: [option("web"), option("app")] })).toBe("options");
  });

  test("a product with one option or none links to its marketplace page", () => {
    expect(buyMode({ sellDirectly: false })).toBe("marketplace");
    expect(buyMode({ sellDirectly: false, purchaseOptions: [] })).toBe("marketplace");
    expect(buyMode({ sellDirectly: false, purchaseOptions: [option("only")] })).toBe("marketplace");
  });
});
