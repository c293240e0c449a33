import { describeSource, type LeadSource } from "../../src/schemas/lead-source.ts";
import type { LeadConfig } from "./env.ts";
import type { LeadMails } from "./lead-handler.ts";
import { formatAddress } from "./mailer.ts";
import { renderAcknowledgement } from "./mail-templates/acknowledgement.ts";
import { headerText } from "./mail-templates/escape.ts";
import { type LeadRow, renderLeadMail } from "./mail-templates/lead-mail.ts";

export interface LeadMailsInput {
  config: LeadConfig;
  /** Request id, printed in the vendor's copy so a log line can be matched with a mail. */
  id: string;
  /** The visitor's address, already validated: the vendor's Reply-To and the confirmation's To. */
  visitorEmail: string;
  /** Form kind and catalogue data only, e.g. "Installation request: Astroway, Android package". */
  subject: string;
  heading: string;
  rows: ReadonlyArray<LeadRow>;
  /** What brought the visitor (the lead's source fields); shown as the last row, "direct" when nothing is known. */
  source: LeadSource;
  message: string;
  /** Site path of the form, e.g. "/installation". */
  formPath: string;
  formLabel: string;
  /** The confirmation's wording; catalogue data only. */
  acknowledgement: { kind: string; detail: string; promise: string };
}

/** Header and tag names that tie a mail to its lead (the configuration set's send events carry both). */
export const LEAD_ID_HEADER = "X-Lead-Id";
export const LEAD_ID_TAG = "lead-id";
export const LEAD_MAIL_TAG = "lead-mail";

/**
 * What every mail of a lead carries: its id as a header and a tag (the send event names the lead by them), and a
 * References header made from the id. SES replaces any Message-ID it is given, so a copy that is still sent twice
 * lands in the vendor's mail client threaded with the first, not as a new lead.
 */
export function leadMailMarks(id: string, senderEmail: string, mail: "vendor" | "acknowledgement") {
  const domain = senderEmail.slice(senderEmail.lastIndexOf("@") + 1) || "localhost";
  return {
    headers: [
      { name: LEAD_ID_HEADER, value: id },
      { name: "References", value: `<lead-${id}@${domain}>` },
    ],
    tags: { [LEAD_ID_TAG]: id, [LEAD_MAIL_TAG]: mail },
  };
}

/** The vendor's copy (To the vendor, Reply-To the visitor) and, when the site sends one, the visitor's confirmation. */
export function leadMails(input: LeadMailsInput): LeadMails {
  const { config } = input;
  const from = formatAddress(config.siteName, config.senderEmail);
  const { html, text } = renderLeadMail({
    heading: input.heading,
    rows: [...input.rows, { label: "Source", value: describeSource(input.source) }],
    message: input.message,
    footer: `Sent from the ${input.formLabel} of ${config.siteName} (${config.siteUrl.replace(/\/$/, "")}${input.formPath}), lead ${input.id}. Reply to this e-mail to answer the visitor.`,
  });
  const vendor = {
    from,
    to: config.recipientEmail,
    replyTo: input.visitorEmail,
    subject: headerText(input.subject),
    html,
    text,
    ...leadMailMarks(input.id, config.senderEmail, "vendor"),
  };
  if (!config.acknowledgeVisitor) return { vendor, acknowledgement: undefined };
  const ack = renderAcknowledgement({ siteName: config.siteName, siteUrl: config.siteUrl, ...input.acknowledgement });
  return {
    vendor,
    acknowledgement: {
      from,
      to: input.visitorEmail,
      replyTo: config.recipientEmail,
      subject: headerText(ack.subject),
      html: ack.html,
      text: ack.text,
      ...leadMailMarks(input.id, config.senderEmail, "acknowledgement"),
    },
  };
}

/** Common rows of every lead: who wrote and how to reach them. */
export function contactRows(lead: { name: string; email: string; mobile: string }): LeadRow[] {
  return [
    { label: "Name", value: lead.name },
    { label: "Email", value: lead.email, href: `mailto:${lead.email}` },
    { label: "Mobile", value: lead.mobile, href: `tel:${lead.mobile.replace(/[^0-9+]/g, "")}` },
  ];
}

/** The display name of a catalogue entry; the id itself if the catalogue has none (cannot happen after validation). */
export function nameOf(list: ReadonlyArray<{ id: string; name: string }>, id: string): string {
  return list.find((entry) => entry.id === id)?.name ?? id;
}
