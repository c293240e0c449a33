import { config } from "../shared/config.ts";
import { storeAndMailLeads } from "../shared/lead-handler.ts";
import { leadRuntime } from "../shared/runtime.ts";
import { productInquiryForm } from "./product-inquiry.ts";

/** POST /api/send-product-inquiry: the product inquiry of a product sold directly. Configuration, clients and schema are made once per container. */
export const handler = storeAndMailLeads(
  productInquiryForm(config.catalogue),
  leadRuntime(config, "send-product-inquiry"),
);
