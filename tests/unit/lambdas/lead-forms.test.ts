import { describe, expect, test } from "vitest";
import { contactMessageForm, contactMessageMails } from "../../../lambdas/send-contact-email/contact-message.ts";
import {
  installationRequestForm,
  installationRequestMails,
} from "../../../lambdas/send-installation-email/installation-request.ts";
import { productInquiryForm, productInquiryMails } from "../../../lambdas/send-product-inquiry/product-inquiry.ts";
import { testConfig } from "./fakes.ts";

const config = testConfig();
const VISITOR = { name: "Asha", email: "asha@example.org", mobile: "+91 98765 43210" };

describe("the three lead forms' mails", () => {
  test("a product inquiry is called so in the subject, the heading and the visitor's confirmation, and links the product page", () => {
    const lead = { ...VISITOR, company: "Verma Labs", product: "Legalway", message: "We would like to buy it." };
    const { vendor, acknowledgement } = productInquiryMails(lead, config, "l1");
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

  test("an installation request names product and package by their catalogue names", () => {
    const lead = { ...VISITOR, product: "astroway", package: "complete" as const, message: "" };
    const { vendor, acknowledgement } = installationRequestMails(lead, config, "l1");
    expect(vendor.subject).toBe("Installation request: Astroway, Complete package");
    expect(vendor.text).toContain("Product: Astroway\nPackage: Complete\n");
    expect(vendor.text).not.toContain("Message:");
    expect(acknowledgement?.subject).toBe("We received your installation request - Nexaworks Apps");
    expect(acknowledgement?.text).toContain("installation request for Astroway (Complete package)");
  });

  test("a contact message keeps the visitor's subject in the body and builds the mail's subject from catalogue data", () => {
    const lead = { ...VISITOR, product: "", subject: "Pricing", message: "Do you offer reseller pricing?" };
    expect(contactMessageMails(lead, config, "l1").vendor.subject).toBe("Contact message");
    const about = contactMessageMails({ ...lead, product: "esim" }, config, "l1");
    expect(about.vendor.subject).toBe("Contact message about eSIM");
    expect(about.vendor.text).toContain("Subject: Pricing");
    expect(about.acknowledgement?.text).toContain(
      "We have received your message about eSIM. We'll get back to you soon.",
    );
    expect(about.acknowledgement?.text).not.toContain("Pricing");
  });

  test("each function keeps the spec's name and answers a mail failure with the spec's text", () => {
    expect(
      [productInquiryForm, installationRequestForm, contactMessageForm].map((form) => form(config.catalogue)),
    ).toMatchObject([
      { name: "send-product-inquiry", mailFailure: "Failed to send inquiry" },
      { name: "send-installation-email", mailFailure: "Failed to send email" },
      { name: "send-contact-email", mailFailure: "Failed to send email" },
    ]);
  });
});
