import { describe, expect, test } from "vitest";
import { renderSubscriptionConfirmation } from "../../../../../lambdas/shared/mail-templates/subscription.ts";

describe("renderSubscriptionConfirmation", () => {
  // Rendered in each test, not when the file loads: StrykerJS switches a mutant on before each test.
  const mail = () =>
    renderSubscriptionConfirmation({
      siteName: "Nexaworks & Co",
      siteUrl: "https://www.example.com",
      confirmUrl: "https://www.example.com/newsletter/confirm?t=a&b",
      unsubscribeUrl: "https://www.example.com/newsletter/unsubscribe?t=c",
    });

  test("should ask to confirm, with one link to confirm and one to say no, in both bodies", () => {
    expect(mail().subject).toBe("Confirm your subscription to the Nexaworks & Co newsletter");
    expect(mail().text).toBe(
      "Someone, hopefully you, asked to receive the Nexaworks & Co newsletter at this address.\n\n" +
        "Confirm your subscription:\nhttps://www.example.com/newsletter/confirm?t=a&b\n\n" +
        "If it was not you, ignore this e-mail: without a confirmation we will not write to you again, and the request is deleted after 30 days.\n\n" +
        "--\nNexaworks & Co\nhttps://www.example.com\nUnsubscribe: https://www.example.com/newsletter/unsubscribe?t=c\n",
    );
    expect(mail().html).toContain(
      "<p>Someone, hopefully you, asked to receive the Nexaworks &amp; Co newsletter at this address.</p>",
    );
    expect(mail().html).toContain(
      '<a href="https://www.example.com/newsletter/confirm?t=a&amp;b" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#ffffff;border-radius:6px;text-decoration:none">Confirm my subscription</a>',
    );
    expect(mail().html).toContain("<p>If it was not you, ignore this e-mail:");
    expect(mail().html).toContain(
      '<p style="color:#6b7280;font-size:12px"><a href="https://www.example.com">Nexaworks &amp; Co</a> · <a href="https://www.example.com/newsletter/unsubscribe?t=c">Unsubscribe</a></p></body></html>',
    );
    expect(
      mail().html.startsWith(
        '<!doctype html><html><head><meta charset="utf-8"></head><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;font-size:14px;line-height:1.5"><p>',
      ),
    ).toBe(true);
  });
});
