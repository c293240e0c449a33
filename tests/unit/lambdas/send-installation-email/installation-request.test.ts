import { describe, expect, test } from "vitest";
import {
  installationRequestForm,
  installationRequestMails,
} from "../../../../lambdas/send-installation-email/installation-request.ts";
import { testConfig } from "../fakes.ts";

const config = testConfig();
const LEAD = {
  name: "Asha",
  email: "asha@example.org",
  mobile: "+91 98765 43210",
  product: "astroway",
  package: "complete" as const,
  message: "",
};

describe("installationRequestMails", () => {
  test("should name product and package by their catalogue names", () => {
    const { vendor, acknowledgement } = installationRequestMails(LEAD, config, "l1");
    expect(vendor.subject).toBe("Installation request: Astroway, Complete package");
    expect(vendor.text).toContain("Product: Astroway\nPackage: Complete\n");
    expect(vendor.text).not.toContain("Message:");
    expect(acknowledgement?.subject).toBe("We received your installation request - Nexaworks Apps");
    expect(acknowledgement?.text).toContain("installation request for Astroway (Complete package)");
  });
});

describe("installationRequestForm", () => {
  test("should answer a mail failure with 'Failed to send email'", () => {
    expect(installationRequestForm(config.catalogue)).toMatchObject({
      name: "send-installation-email",
      mailFailure: "Failed to send email",
    });
  });
});
