import { cleanSource } from "../../src/schemas/lead-source.ts";
import { type InstallationRequest, installationRequestSchema } from "../../src/schemas/installation-request.ts";
import type { LeadForm, LeadMails } from "../shared/lead-handler.ts";
import { contactRows, leadMails, nameOf } from "../shared/lead-mails.ts";
import type { LeadCatalogue } from "../../src/schemas/lead-fields.ts";
import type { LeadConfig } from "../shared/env.ts";

/** The mails of an installation request. Product and package are catalogue ids (the schema checked them). */
export function installationRequestMails(lead: InstallationRequest, config: LeadConfig, id: string): LeadMails {
  const product = nameOf(config.catalogue.products, lead.product);
  const pkg = nameOf(config.catalogue.packages, lead.package);
  return leadMails({
    config,
    id,
    visitorEmail: lead.email,
    subject: `Installation request: ${product}, ${pkg} package`,
    heading: `New installation request for ${product}`,
    rows: [{ label: "Product", value: product }, { label: "Package", value: pkg }, ...contactRows(lead)],
    source: cleanSource(lead),
    message: lead.message,
    formPath: "/installation",
    formLabel: "installation form",
    acknowledgement: {
      kind: "installation request",
      detail: `for ${product} (${pkg} package)`,
      promise: "We'll contact you within 24 hours.",
    },
  });
}

/** The function as the handler wires it: name, schema for the catalogue, the spec's failure text, its mails. */
export function installationRequestForm(
  catalogue: LeadCatalogue,
): LeadForm<ReturnType<typeof installationRequestSchema>> {
  return {
    name: "send-installation-email",
    schema: installationRequestSchema(catalogue),
    mailFailure: "Failed to send email",
    mails: installationRequestMails,
  };
}
