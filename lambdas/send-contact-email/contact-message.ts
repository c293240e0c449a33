import { cleanSource } from "../../src/schemas/lead-source.ts";
import { type ContactMessage, contactMessageSchema } from "../../src/schemas/contact-message.ts";
import type { LeadForm, LeadMails } from "../shared/lead-handler.ts";
import { contactRows, leadMails, nameOf } from "../shared/lead-mails.ts";
import type { LeadCatalogue } from "../../src/schemas/lead-fields.ts";
import type { LeadConfig } from "../shared/env.ts";

/** The mails of a contact message. `lead.product` is empty or a catalogue id (the schema checked it). */
export function contactMessageMails(lead: ContactMessage, config: LeadConfig, id: string): LeadMails {
  const product = lead.product ? nameOf(config.catalogue.products, lead.product) : "";
  return leadMails({
    config,
    id,
    visitorEmail: lead.email,
    subject: product ? `Contact message about ${product}` : "Contact message",
    heading: product ? `New message about ${product}` : "New message",
    rows: [{ label: "Subject", value: lead.subject }, ...contactRows(lead), { label: "Product", value: product }],
    source: cleanSource(lead),
    message: lead.message,
    formPath: "/contact",
    formLabel: "contact form",
    acknowledgement: {
      kind: "message",
      detail: product ? `about ${product}` : "",
      promise: "We'll get back to you soon.",
    },
  });
}

/** The function as the handler wires it: name, schema for the catalogue, the spec's failure text, its mails. */
export function contactMessageForm(catalogue: LeadCatalogue): LeadForm<ReturnType<typeof contactMessageSchema>> {
  return {
    name: "send-contact-email",
    schema: contactMessageSchema(catalogue),
    mailFailure: "Failed to send email",
    mails: contactMessageMails,
  };
}
