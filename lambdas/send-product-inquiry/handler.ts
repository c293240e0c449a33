import { config } from "../shared/config.ts";
import { createLeadHandler } from "../shared/lead-handler.ts";
import { createLogger } from "../shared/log.ts";
import { createSesMailer } from "../shared/mailer.ts";
import { productInquiryForm } from "./send-product-inquiry.ts";

/** POST /api/send-product-inquiry: the buy dialog of a product sold directly. Configuration, SES client and schema are made once per container. */
export const handler = createLeadHandler(productInquiryForm(config.catalogue), {
  config,
  mailer: createSesMailer({ region: config.region, endpoint: config.sesEndpoint }),
  log: createLogger("send-product-inquiry", config.logLevel),
});
