import { describe, expect, test } from "vitest";
import { renderAcknowledgement } from "../../../../../lambdas/shared/mail-templates/acknowledgement.ts";

describe("renderAcknowledgement", () => {
  test("should confirm what was received and promise the spec's reply time", () => {
    const ack = renderAcknowledgement({
      siteName: "Nexaworks Apps",
      siteUrl: "https://www.example.com",
      kind: "installation request",
      detail: "for Astroway (Android package)",
      promise: "We'll contact you within 24 hours.",
    });
    expect(ack.subject).toBe("We received your installation request - Nexaworks Apps");
    expect(ack.text).toContain(
      "We have received your installation request for Astroway (Android package). We'll contact you within 24 hours.",
    );
    expect(ack.html).toContain("We&#39;ll contact you within 24 hours.");
    expect(ack.html).toContain('<a href="https://www.example.com">Nexaworks Apps</a>');
  });

  test("should read naturally without a detail", () => {
    const ack = renderAcknowledgement({
      siteName: "S",
      siteUrl: "https://s.example",
      kind: "message",
      detail: "",
      promise: "We'll get back to you soon.",
    });
    expect(ack.text).toContain("We have received your message. We'll get back to you soon.");
  });
});
