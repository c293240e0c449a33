import { describe, expect, test } from "vitest";
import { contactRows, leadMails, nameOf } from "../../../../lambdas/shared/lead-mails.ts";
import { testConfig } from "../fakes.ts";

const input = {
  id: "lead-1",
  visitorEmail: "asha@example.org",
  subject: "Contact message\r\nBcc: x@example.net",
  heading: "New message",
  rows: contactRows({ name: "Asha", email: "asha@example.org", mobile: "+91 (98765) 43210" }),
  source: {},
  message: "Hello there, a question.",
  formPath: "/contact",
  formLabel: "contact form",
  acknowledgement: { kind: "message", detail: "", promise: "We'll get back to you soon." },
};

describe("leadMails", () => {
  test("should address the vendor's copy to the vendor with the visitor as Reply-To, on one subject line", () => {
    const { vendor } = leadMails({ ...input, config: testConfig() });
    expect(vendor).toMatchObject({
      from: '"Nexaworks Apps" <no-reply@example.com>',
      to: "hello@example.com",
      replyTo: "asha@example.org",
    });
    expect(vendor.subject).toBe("Contact message Bcc: x@example.net");
    expect(vendor.text).toContain(
      "Sent from the contact form of Nexaworks Apps (https://www.example.com/contact), lead lead-1.",
    );
    expect(vendor.html).toContain('href="tel:+919876543210"');
  });

  test("should address the confirmation to the visitor with the vendor as Reply-To", () => {
    const { acknowledgement } = leadMails({ ...input, config: testConfig() });
    expect(acknowledgement).toMatchObject({
      to: "asha@example.org",
      replyTo: "hello@example.com",
      subject: "We received your message - Nexaworks Apps",
    });
    expect(acknowledgement?.text).not.toContain("Hello there");
  });

  test("should show the visit's source as the last row, or direct when nothing is known", () => {
    const source = {
      utmSource: "google",
      utmMedium: "cpc",
      utmCampaign: "spring-sale",
      landingPath: "/products/whatsway",
      referrer: "google.com",
    };
    const { vendor } = leadMails({ ...input, source, config: testConfig() });
    expect(vendor.text).toContain("Source: google / cpc / spring-sale, landed on /products/whatsway, from google.com");
    expect(vendor.html).toContain("google / cpc / spring-sale, landed on /products/whatsway, from google.com");
    expect(leadMails({ ...input, config: testConfig() }).vendor.text).toMatch(/^Source: +direct$/m);
  });

  test("should send no confirmation when the site turned it off", () => {
    expect(leadMails({ ...input, config: testConfig({ acknowledgeVisitor: false }) }).acknowledgement).toBeUndefined();
  });
});

describe("nameOf", () => {
  test("should find a catalogue name by id", () => {
    expect(nameOf([{ id: "esim", name: "eSIM" }], "esim")).toBe("eSIM");
  });
});
