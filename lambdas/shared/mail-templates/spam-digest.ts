import { escapeHtml, headerText, plainText } from "./escape.ts";

/** One suspected lead of the digest, as the vendor reads it. */
export interface DigestLead {
  /** When it came, UTC, e.g. "2026-05-01 09:14". */
  when: string;
  form: string;
  /** The name it gave (the visitor's own text, cut to a line), or "-". */
  name: string;
  product: string;
  /** Why it was suspected, in words. */
  why: string;
  /** The exact command that mails it as a normal lead. */
  release: string;
}

/** One count of the digest, e.g. "By form" with ["send-contact-email", 1200]; rows largest first, already cut. */
interface DigestBreakdown {
  title: string;
  rows: ReadonlyArray<readonly [string, number]>;
}

export interface SpamDigestInput {
  siteName: string;
  /** Suspected leads stored in the folder since the last digest. */
  stored: number;
  /** The stored ones counted by form, reason and client. */
  breakdown: ReadonlyArray<DigestBreakdown>;
  /** The newest of them, as many as the mail's ceiling leaves room for. */
  leads: ReadonlyArray<DigestLead>;
  /** The command that lists every one of them (printed when not all are in the mail). */
  listAll: string;
  /** Suspected leads counted but not stored (over the folder's hourly caps), with a line each; may be empty. */
  counted: ReadonlyArray<string>;
  countedTotal: number;
}

const number = (value: number) => value.toLocaleString("en-US");

/**
 * The daily digest of the spam folder for the vendor: how many leads were suspected since the last one, counted by
 * form, reason and client, the newest of them a line each (when, form, name, product, why, how to release it), how to
 * list the rest, and what was only counted. Every visitor's value is made one line and escaped.
 */
export function renderSpamDigest(input: SpamDigestInput): { subject: string; html: string; text: string } {
  const { siteName, stored, breakdown, leads, listAll, counted, countedTotal } = input;
  const oneLine = (value: string) => headerText(plainText(value)).slice(0, 120) || "-";
  const total = stored + countedTotal;
  const heading = `${number(total)} suspected lead${total === 1 ? "" : "s"} in the spam folder`;
  const intro =
    "These leads were answered as sent but not mailed to you: a trap or the per-client limit suspected them. " +
    "A person among them (many visitors behind one mobile carrier's address look like one client) is mailed to you " +
    "as a normal lead by running its release command in the site's folder.";
  const counts = breakdown
    .filter((part) => part.rows.length > 0)
    .map((part) => `${part.title}: ${part.rows.map(([label, n]) => `${oneLine(label)} ${number(n)}`).join(", ")}`);
  const listed =
    leads.length < stored
      ? `The newest ${number(leads.length)} of ${number(stored)} stored; every one: ${listAll}`
      : `All ${number(stored)} stored:`;
  const countedHeading = `Also ${number(countedTotal)} counted and not stored (over the folder's hourly cap for one client, or for all of them):`;
  const lines = leads.map(
    (lead) =>
      `${lead.when}  ${lead.form}  ${oneLine(lead.name)}  ${oneLine(lead.product)}  (${lead.why})\n    ${lead.release}`,
  );
  const text = [
    heading,
    "",
    intro,
    "",
    ...counts,
    ...(stored > 0 ? ["", listed, ...lines] : []),
    ...(countedTotal > 0 ? ["", countedHeading, ...counted.map((line) => `  ${line}`)] : []),
    "",
    "--",
    siteName,
    "",
  ].join("\n");
  const cell = "padding:4px 12px 4px 0;vertical-align:top;text-align:left";
  const rows = leads
    .map(
      (lead) =>
        `<tr><td style="${cell}">${escapeHtml(lead.when)}</td><td style="${cell}">${escapeHtml(lead.form)}</td>` +
        `<td style="${cell}">${escapeHtml(oneLine(lead.name))}</td><td style="${cell}">${escapeHtml(oneLine(lead.product))}</td>` +
        `<td style="${cell}">${escapeHtml(lead.why)}</td><td style="${cell}"><code>${escapeHtml(lead.release)}</code></td></tr>`,
    )
    .join("");
  const html =
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(heading)}</title></head>` +
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;font-size:14px;line-height:1.5">' +
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1><p>${escapeHtml(intro)}</p>` +
    counts.map((line) => `<p>${escapeHtml(line)}</p>`).join("") +
    (stored > 0
      ? `<p>${escapeHtml(listed)}</p><table role="presentation" style="border-collapse:collapse"><tr><th style="${cell}">When (UTC)</th><th style="${cell}">Form</th>` +
        `<th style="${cell}">Name</th><th style="${cell}">Product</th><th style="${cell}">Why</th><th style="${cell}">Release</th></tr>${rows}</table>`
      : "") +
    (countedTotal > 0
      ? `<p>${escapeHtml(countedHeading)}</p><ul>${counted.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`
      : "") +
    `<p style="margin-top:24px;color:#6b7280;font-size:12px">${escapeHtml(siteName)}</p></body></html>`;
  return { subject: `Spam folder: ${heading} - ${siteName}`, html, text };
}
