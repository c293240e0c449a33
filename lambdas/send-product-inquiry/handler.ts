import { config } from "../shared/config.ts";
import { createLeadHandler } from "../shared/lead-handler.ts";
import { leadRuntime } from "../shared/runtime.ts";
import { productInquiryForm } from "./send-product-inquiry.ts";

/** POST /api/send-product-inquiry: the product inquiry of a product sold directly. Configuration, clients and schema are made once per container. */
export const handler = createLeadHandler(
  productInquiryForm(config.catalogue),
  leadRuntime(config, "send-product-inquiry"),
);
