import { describe, expect, test } from "vitest";
import { productInquiryForm, productInquiryMails } from "../../../../lambdas/send-product-inquiry/product-inquiry.ts";
import { testConfig } from "../fakes.ts";

const config = testConfig();
const LEAD = {
  name: "Asha",
  email: "asha@example.org",
  mobile: "+91 98765 43210",
  company: "Verma Labs",
  product: "Legalway",
  message: "We would like to buy it.",
};

describe("productInquiryMails", () => {
  test("should call it a product inquiry in the subject, the heading and the visitor's confirmation, and link the product page", () => {
    const { vendor, acknowledgement } = productInquiryMails(LEAD, config, "l1");
    expect(vendor.subject).toBe("Product inquiry: Legalway");
    expect(vendor.text).toContain("New product inquiry about Legalway");
    expect(vendor.text).toContain("Product: Legalway");
    expect(vendor.text).toContain("Company: Verma Labs");
    expect(vendor.text).toContain("(https://www.example.com/products/legalway)");
    expect(acknowledgement?.text).toContain(
      "We have received your product inquiry about Legalway. We'll contact you within 24 hours.",
    );
    expect(acknowledgement?.text).not.toContain("Verma Labs");
  });
});

describe("productInquiryForm", () => {
  test("should answer a mail failure with 'Failed to send inquiry'", () => {
    expect(productInquiryForm(config.catalogue)).toMatchObject({
      name: "send-product-inquiry",
      mailFailure: "Failed to send inquiry",
    });
  });
});
