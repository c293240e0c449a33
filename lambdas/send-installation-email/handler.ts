import { config } from "../shared/config.ts";
import { createLeadHandler } from "../shared/lead-handler.ts";
import { leadRuntime } from "../shared/runtime.ts";
import { installationEmailForm } from "./send-installation-email.ts";

/** POST /api/send-installation-email: the /installation request form. Configuration, clients and schema are made once per container. */
export const handler = createLeadHandler(
  installationEmailForm(config.catalogue),
  leadRuntime(config, "send-installation-email"),
);
