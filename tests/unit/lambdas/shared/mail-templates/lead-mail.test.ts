import { describe, expect, test } from "vitest";
import { renderLeadMail } from "../../../../../lambdas/shared/mail-templates/lead-mail.ts";

// Rendered in each test, not when the file loads: StrykerJS switches a mutant on before each test.
const mail = () =>
  renderLeadMail({
    heading: "New message",
    rows: [
      { label: "Name", value: 'Asha <b>"V"</b>' },
      { label: "Email", value: "asha@example.org", href: "mailto:asha@example.org" },
      { label: "Company", value: "" },
    ],
    message: "Line one <script>x()</script>\r\nLine two",
    footer: "Sent from the contact form",
  });

describe("renderLeadMail", () => {
  test("should escape every value in the HTML body and keep line breaks of the message", () => {
    expect(mail().html).toContain("Asha &lt;b&gt;&quot;V&quot;&lt;/b&gt;");
    expect(mail().html).toContain("Line one &lt;script&gt;x()&lt;/script&gt;<br>Line two");
    expect(mail().html).toContain('<a href="mailto:asha@example.org">asha@example.org</a>');
    expect(mail().html).not.toContain("<script");
  });

  test("should write an aligned plain-text body with '-' for empty values", () => {
    expect(mail().text).toBe(
      [
        "New message",
        "",
        'Name:    Asha <b>"V"</b>',
        "Email:   asha@example.org",
        "Company: -",
        "",
        "Message:",
        "Line one <script>x()</script>",
        "Line two",
        "",
        "--",
        "Sent from the contact form",
        "",
      ].join("\n"),
    );
  });

  test("should leave the message section out when there is none", () => {
    const bare = renderLeadMail({ heading: "H", rows: [{ label: "A", value: "b" }], message: "", footer: "f" });
    expect(bare.text).not.toContain("Message:");
    expect(bare.html).not.toContain("Message");
  });
});
