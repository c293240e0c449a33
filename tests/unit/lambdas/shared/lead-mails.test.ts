import { describe, expect, test } from "vitest";
import { contactRows, leadMailMarks, leadMails, nameOf } from "../../../../lambdas/shared/lead-mails.ts";
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

  test("should send no confirmation when the site turned it off, and still the vendor's copy", () => {
    const mails = leadMails({ ...input, config: testConfig({ acknowledgeVisitor: false }) });
    expect(mails).toEqual({ vendor: expect.objectContaining({ to: "hello@example.com" }), acknowledgement: undefined });
  });

  test("should mark both mails with the lead's id, each with its own kind, so the send event names lead and mail", () => {
    const { vendor, acknowledgement } = leadMails({ ...input, config: testConfig() });
    const marks = (kind: string) => ({
      headers: [
        { name: "X-Lead-Id", value: "lead-1" },
        { name: "References", value: "<lead-lead-1@example.com>" },
      ],
      tags: { "lead-id": "lead-1", "lead-mail": kind },
    });
    expect(vendor).toMatchObject(marks("vendor"));
    expect(acknowledgement).toMatchObject(marks("acknowledgement"));
  });
});

describe("leadMailMarks", () => {
  test("should thread copies of one lead under the sender's domain, or localhost when it has none", () => {
    const reference = (sender: string) =>
      leadMailMarks("id-7", sender, "vendor").headers.find((h) => h.name === "References")?.value;
    expect([reference("no-reply@mail.example.com"), reference("no-reply@"), reference("a@b@c.example")]).toEqual([
      "<lead-id-7@mail.example.com>",
      "<lead-id-7@localhost>",
      "<lead-id-7@c.example>",
    ]);
  });
});

describe("contactRows", () => {
  test("should show name, a mail link and a dialable phone link", () => {
    expect(contactRows({ name: "Asha", email: "asha@example.org", mobile: "+91 (98765) 43210" })).toEqual([
      { label: "Name", value: "Asha" },
      { label: "Email", value: "asha@example.org", href: "mailto:asha@example.org" },
      { label: "Mobile", value: "+91 (98765) 43210", href: "tel:+919876543210" },
    ]);
  });
});

describe("nameOf", () => {
  test("should find a catalogue name by id, or give the id itself for one the catalogue does not have", () => {
    expect(nameOf([{ id: "esim", name: "eSIM" }], "esim")).toBe("eSIM");
    expect(nameOf([{ id: "esim", name: "eSIM" }], "gone")).toBe("gone");
  });
});
