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

  test("should be the whole confirmation a visitor reads, in plain text and HTML alike", () => {
    const ack = renderAcknowledgement({
      siteName: "Nexaworks Apps",
      siteUrl: "https://www.example.com",
      kind: "message",
      detail: "",
      promise: "We'll get back to you soon.",
    });
    const lines = [
      "Thank you for contacting Nexaworks Apps.",
      "We have received your message. We'll get back to you soon.",
      "This is an automatic confirmation; there is no need to reply. If you did not send this request, please ignore this e-mail.",
    ];
    expect(ack.text).toBe(`${lines.join("\n\n")}\n\n--\nNexaworks Apps\nhttps://www.example.com\n`);
    expect(ack.html).toBe(
      '<!doctype html><html><head><meta charset="utf-8"></head>' +
        '<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;font-size:14px;line-height:1.5">' +
        lines.map((line) => `<p>${line.replace("'", "&#39;")}</p>`).join("") +
        '<p style="color:#6b7280;font-size:12px"><a href="https://www.example.com">Nexaworks Apps</a></p>' +
        "</body></html>",
    );
  });
});
