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

  test("should be the whole HTML body the vendor reads: heading, table of rows, message and footer", () => {
    const cell = "padding:6px 12px 6px 0;vertical-align:top;text-align:left";
    const row = (label: string, value: string) =>
      `<tr><th style="${cell};color:#6b7280;font-weight:normal">${label}</th><td style="${cell}">${value}</td></tr>`;
    expect(mail().html).toBe(
      '<!doctype html><html><head><meta charset="utf-8"><title>New message</title></head>' +
        '<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;font-size:14px;line-height:1.5">' +
        '<h1 style="font-size:20px;margin:0 0 16px">New message</h1>' +
        '<table role="presentation" style="border-collapse:collapse">' +
        row("Name", "Asha &lt;b&gt;&quot;V&quot;&lt;/b&gt;") +
        row("Email", '<a href="mailto:asha@example.org">asha@example.org</a>') +
        row("Company", "-") +
        "</table>" +
        '<h2 style="font-size:16px;margin:24px 0 8px">Message</h2>' +
        '<p style="margin:0;white-space:pre-wrap">Line one &lt;script&gt;x()&lt;/script&gt;<br>Line two</p>' +
        '<p style="margin-top:24px;color:#6b7280;font-size:12px">Sent from the contact form</p>' +
        "</body></html>",
    );
  });

  test("should show a value of spaces alone as '-', and keep a value's own spaces otherwise", () => {
    const spaced = renderLeadMail({
      heading: "H",
      rows: [
        { label: "A", value: "   " },
        { label: "B", value: " b " },
      ],
      message: "",
      footer: "f",
    });
    expect(spaced.text).toContain("A: -\nB:  b \n");
  });
});
