import { escapeHtml } from "./escape.ts";

export interface AcknowledgementInput {
  siteName: string;
  siteUrl: string;
  /** The form's kind of lead, e.g. "installation request". */
  kind: string;
  /** Catalogue data only, e.g. "for Astroway (Android package)"; may be empty. */
  detail: string;
  /** The spec's promise for that form, e.g. "We'll contact you within 24 hours." */
  promise: string;
}

/**
 * The short confirmation a visitor receives. It repeats none of the visitor's own text (not even the name), so the
 * forms cannot be used to send someone else a message of the sender's choosing.
 */
export function renderAcknowledgement({ siteName, siteUrl, kind, detail, promise }: AcknowledgementInput): {
  subject: string;
  html: string;
  text: string;
} {
  const lines = [
    `Thank you for contacting ${siteName}.`,
    `We have received your ${detail ? `${kind} ${detail}` : kind}. ${promise}`,
    "This is an automatic confirmation; there is no need to reply. If you did not send this request, please ignore this e-mail.",
  ];
  const html =
    '<!doctype html><html><head><meta charset="utf-8"></head>' +
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;font-size:14px;line-height:1.5">' +
    lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("") +
    `<p style="color:#6b7280;font-size:12px"><a href="${escapeHtml(siteUrl)}">${escapeHtml(siteName)}</a></p>` +
    "</body></html>";
  const text = `${lines.join("\n\n")}\n\n--\n${siteName}\n${siteUrl}\n`;
  return { subject: `We received your ${kind} - ${siteName}`, html, text };
}
