import { config } from "../shared/config.ts";
import { storeAndMailLeads } from "../shared/lead-handler.ts";
import { leadRuntime } from "../shared/runtime.ts";
import { installationRequestForm } from "./installation-request.ts";

/** POST /api/send-installation-email: the /installation request form. Configuration, clients and schema are made once per container. */
export const handler = storeAndMailLeads(
  installationRequestForm(config.catalogue),
  leadRuntime(config, "send-installation-email"),
);
