import { config } from "../shared/config.ts";
import { createLeadHandler } from "../shared/lead-handler.ts";
import { createLogger } from "../shared/log.ts";
import { createSesMailer } from "../shared/mailer.ts";
import { installationEmailForm } from "./send-installation-email.ts";

/** POST /api/send-installation-email: the request form of /installation. Configuration, SES client and schema are made once per container. */
export const handler = createLeadHandler(installationEmailForm(config.catalogue), {
  config,
  mailer: createSesMailer({ region: config.region, endpoint: config.sesEndpoint }),
  log: createLogger("send-installation-email", config.logLevel),
});
