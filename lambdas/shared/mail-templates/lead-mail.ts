import { escapeHtml, plainText } from "./escape.ts";

/** One labelled value of a lead; `href` makes it a link (mailto:, tel:) in the HTML body. */
export interface LeadRow {
  label: string;
  value: string;
  href?: string;
}

export interface LeadMailInput {
  /** First line of both bodies, e.g. "New installation request". */
  heading: string;
  rows: ReadonlyArray<LeadRow>;
  /** The visitor's own words, several lines; left out when empty. */
  message: string;
  /** Closing line built from trusted data only (form, site, lead id). */
  footer: string;
}

const FONT = "font-family:Arial,Helvetica,sans-serif;color:#1f2937";
const CELL = "padding:6px 12px 6px 0;vertical-align:top;text-align:left";

/**
 * The vendor's copy of a lead, as HTML and plain text. Every value is escaped in the HTML body and stripped of
 * control characters in the text body; empty optional values show as "-".
 */
export function renderLeadMail({ heading, rows, message, footer }: LeadMailInput): { html: string; text: string } {
  const shown = (value: string) => (value.trim() === "" ? "-" : value);
  const htmlRows = rows
    .map(({ label, value, href }) => {
      const cell = href && value ? `<a href="${escapeHtml(href)}">${escapeHtml(value)}</a>` : escapeHtml(shown(value));
      return `<tr><th style="${CELL};color:#6b7280;font-weight:normal">${escapeHtml(label)}</th><td style="${CELL}">${cell}</td></tr>`;
    })
    .join("");
  const htmlMessage = message
    ? `<h2 style="font-size:16px;margin:24px 0 8px">Message</h2><p style="margin:0;white-space:pre-wrap">${escapeHtml(plainText(message)).replace(/\n/g, "<br>")}</p>`
    : "";
  const html =
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(heading)}</title></head>` +
    `<body style="${FONT};font-size:14px;line-height:1.5">` +
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>` +
    `<table role="presentation" style="border-collapse:collapse">${htmlRows}</table>` +
    htmlMessage +
    `<p style="margin-top:24px;color:#6b7280;font-size:12px">${escapeHtml(footer)}</p>` +
    "</body></html>";

  const width = Math.max(...rows.map((row) => row.label.length));
  const text = [
    heading,
    "",
    ...rows.map(({ label, value }) => `${`${label}:`.padEnd(width + 2)}${plainText(shown(value))}`),
    ...(message ? ["", "Message:", plainText(message)] : []),
    "",
    "--",
    footer,
    "",
  ].join("\n");
  return { html, text };
}
