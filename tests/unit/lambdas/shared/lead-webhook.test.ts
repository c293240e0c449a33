import { describe, expect, test } from "vitest";
import { webhookPayload } from "../../../../lambdas/shared/lead-webhook.ts";

const record = (fields: Record<string, string>) => ({
  submissionId: "9b1c2d3e-0000-4000-8000-000000000002",
  form: "send-contact-email",
  status: "mailed" as const,
  receivedAt: "2026-11-26T10:00:00.000Z",
  updatedAt: "2026-11-26T10:00:01.000Z",
  attempts: 1,
  lead: fields,
  expiresAt: 1_900_000_000,
});

describe("webhookPayload", () => {
  test("should name the form, the visitor, the topic and where to reply", () => {
    const { text } = webhookPayload(
      record({ name: "Asha", email: "asha@example.org", product: "esim", subject: "Pricing" }),
      "Nexaworks Apps",
    );
    expect(text).toBe(
      "New contact email on Nexaworks Apps from Asha (esim, Pricing): reply to asha@example.org. Lead 9b1c2d3e-0000-4000-8000-000000000002.",
    );
  });

  test("should show what a visitor typed as text, never as a channel ping or a disguised link", () => {
    const fields = { name: "<!channel> <https://evil.example|Open lead>", email: "a&b@example.org", subject: "x" };
    const { text, lead } = webhookPayload(record(fields), "Nexaworks Apps");
    expect(text).toContain(
      "from &lt;!channel&gt; &lt;https://evil.example|Open lead&gt; (x): reply to a&amp;b@example.org",
    );
    expect(text).not.toMatch(/<[!h]/);
    // The fields themselves go to a CRM as the visitor sent them.
    expect(lead.fields).toEqual(fields);
  });
});
