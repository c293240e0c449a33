import { cleanSource } from "../../src/schemas/lead-source.ts";
import { type ProductInquiry, productInquirySchema } from "../../src/schemas/product-inquiry.ts";
import type { LeadForm, LeadMails } from "../shared/lead-handler.ts";
import { contactRows, leadMails } from "../shared/lead-mails.ts";
import type { LeadCatalogue } from "../../src/schemas/lead-fields.ts";
import type { LeadConfig } from "../shared/env.ts";

/** The mails of a product inquiry. `lead.product` is a catalogue name (the schema checked it). */
export function productInquiryMails(lead: ProductInquiry, config: LeadConfig, id: string): LeadMails {
  const productId = config.catalogue.products.find((p) => p.name === lead.product)?.id ?? "";
  return leadMails({
    config,
    id,
    visitorEmail: lead.email,
    subject: `Product inquiry: ${lead.product}`,
    heading: `New product inquiry about ${lead.product}`,
    rows: [{ label: "Product", value: lead.product }, ...contactRows(lead), { label: "Company", value: lead.company }],
    source: cleanSource(lead),
    message: lead.message,
    formPath: productId ? `/products/${productId}` : "/products",
    formLabel: "product inquiry form",
    acknowledgement: {
      kind: "product inquiry",
      detail: `about ${lead.product}`,
      promise: "We'll contact you within 24 hours.",
    },
  });
}

/** The function as the handler wires it: name, schema for the catalogue, the spec's failure text, its mails. */
export function productInquiryForm(catalogue: LeadCatalogue): LeadForm<ReturnType<typeof productInquirySchema>> {
  return {
    name: "send-product-inquiry",
    schema: productInquirySchema(catalogue),
    mailFailure: "Failed to send inquiry",
    mails: productInquiryMails,
  };
}
