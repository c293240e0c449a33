import { config } from "../shared/config.ts";
import { createLeadHandler } from "../shared/lead-handler.ts";
import { createLogger } from "../shared/log.ts";
import { createSesMailer } from "../shared/mailer.ts";
import { contactEmailForm } from "./send-contact-email.ts";

/** POST /api/send-contact-email: the message form of /contact. Configuration, SES client and schema are made once per container. */
export const handler = createLeadHandler(contactEmailForm(config.catalogue), {
  config,
  mailer: createSesMailer({ region: config.region, endpoint: config.sesEndpoint }),
  log: createLogger("send-contact-email", config.logLevel),
});
