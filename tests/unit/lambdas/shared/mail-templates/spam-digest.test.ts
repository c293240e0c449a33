import { describe, expect, test } from "vitest";
import {
  type DigestLead,
  renderSpamDigest,
  type SpamDigestInput,
} from "../../../../../lambdas/shared/mail-templates/spam-digest.ts";

const lead: DigestLead = {
  when: "2026-05-01 09:14",
  form: "contact",
  name: "Asha <b>\r\nBcc: x@example.com",
  product: "Astroway",
  why: "too fast",
  release: "npm run leads -- release abc",
};
const input = (overrides: Partial<SpamDigestInput> = {}): SpamDigestInput => ({
  siteName: "Nexaworks",
  stored: 1,
  breakdown: [{ title: "By form", rows: [["contact", 1]] }],
  leads: [lead],
  listAll: "npm run leads -- --status spam --since 2026-05-01T00:00:00.000Z",
  counted: [],
  countedTotal: 0,
  ...overrides,
});

describe("renderSpamDigest", () => {
  test("should count the suspected leads in the subject and heading, one lead in the singular", () => {
    const one = renderSpamDigest(input());
    expect(one.subject).toBe("Spam folder: 1 suspected lead in the spam folder - Nexaworks");
    const many = renderSpamDigest(input({ stored: 2, leads: [lead, lead], counted: ["a"], countedTotal: 3 }));
    expect(many.subject).toBe("Spam folder: 5 suspected leads in the spam folder - Nexaworks");
    expect(many.html).toContain("<title>5 suspected leads in the spam folder</title>");
    expect(many.html).toContain('<h1 style="font-size:20px;margin:0 0 16px">5 suspected leads in the spam folder</h1>');
  });

  test("should count, then list each lead on a line with its release command below, the visitor's text on one escaped line", () => {
    const digest = renderSpamDigest(input());
    expect(digest.text).toBe(
      [
        "1 suspected lead in the spam folder",
        "",
        "These leads were answered as sent but not mailed to you: a trap or the per-client limit suspected them. A person among them (many visitors behind one mobile carrier's address look like one client) is mailed to you as a normal lead by running its release command in the site's folder.",
        "",
        "By form: contact 1",
        "",
        "All 1 stored:",
        "2026-05-01 09:14  contact  Asha <b> Bcc: x@example.com  Astroway  (too fast)\n    npm run leads -- release abc",
        "",
        "--",
        "Nexaworks",
        "",
      ].join("\n"),
    );
    expect(digest.html).toContain(
      '<td style="padding:4px 12px 4px 0;vertical-align:top;text-align:left">Asha &lt;b&gt; Bcc: x@example.com</td>',
    );
    expect(digest.html).toContain("<code>npm run leads -- release abc</code></td></tr></table>");
    expect(digest.html).toContain("<p>By form: contact 1</p>");
    expect(digest.html).not.toContain("counted and not stored");
    expect(digest.html.startsWith('<!doctype html><html><head><meta charset="utf-8">')).toBe(true);
    expect(
      digest.html.endsWith('<p style="margin-top:24px;color:#6b7280;font-size:12px">Nexaworks</p></body></html>'),
    ).toBe(true);
  });

  test("should say how many of how many it lists, and the command that lists them all, when not all fit", () => {
    const digest = renderSpamDigest(input({ stored: 1_603 }));
    expect(digest.text).toContain(
      "The newest 1 of 1,603 stored; every one: npm run leads -- --status spam --since 2026-05-01T00:00:00.000Z\n",
    );
  });

  test("should write '-' for an empty name and cut a long one to 120 characters", () => {
    const digest = renderSpamDigest(input({ leads: [{ ...lead, name: "  ", product: "p".repeat(200) }] }));
    expect(digest.text).toContain(`  contact  -  ${"p".repeat(120)}  (too fast)`);
  });

  test("should add the leads only counted, with a line each, in text and HTML", () => {
    const digest = renderSpamDigest(
      input({ stored: 0, leads: [], breakdown: [], counted: ["client 1a2b: 40 <over>"], countedTotal: 40 }),
    );
    const heading = "Also 40 counted and not stored (over the folder's hourly cap for one client, or for all of them):";
    expect(digest.text).toContain(`\n${heading}\n  client 1a2b: 40 <over>\n`);
    expect(digest.html).toContain(
      `<p>${heading.replace("'", "&#39;")}</p><ul><li>client 1a2b: 40 &lt;over&gt;</li></ul>`,
    );
    expect(digest.text).not.toContain("stored:");
  });
});
