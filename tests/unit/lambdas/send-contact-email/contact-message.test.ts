import { describe, expect, test } from "vitest";
import { contactMessageForm, contactMessageMails } from "../../../../lambdas/send-contact-email/contact-message.ts";
import { testConfig } from "../fakes.ts";

const config = testConfig();
const LEAD = {
  name: "Asha",
  email: "asha@example.org",
  mobile: "+91 98765 43210",
  product: "",
  subject: "Pricing",
  message: "Do you offer reseller pricing?",
};

describe("contactMessageMails", () => {
  test("should keep the visitor's subject in the body and build the mail's subject from catalogue data", () => {
    expect(contactMessageMails(LEAD, config, "l1").vendor.subject).toBe("Contact message");
    const about = contactMessageMails({ ...LEAD, product: "esim" }, config, "l1");
    expect(about.vendor.subject).toBe("Contact message about eSIM");
    expect(about.vendor.text).toContain("Subject: Pricing");
    expect(about.acknowledgement?.text).toContain(
      "We have received your message about eSIM. We'll get back to you soon.",
    );
    expect(about.acknowledgement?.text).not.toContain("Pricing");
  });
});

describe("contactMessageForm", () => {
  test("should answer a mail failure with 'Failed to send email'", () => {
    expect(contactMessageForm(config.catalogue)).toMatchObject({
      name: "send-contact-email",
      mailFailure: "Failed to send email",
    });
  });
});
