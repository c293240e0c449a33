import { config } from "../shared/config.ts";
import { storeAndMailLeads } from "../shared/lead-handler.ts";
import { leadRuntime } from "../shared/runtime.ts";
import { contactMessageForm } from "./contact-message.ts";

/** POST /api/send-contact-email: the message form of /contact. Configuration, clients and schema are made once per container. */
export const handler = storeAndMailLeads(
  contactMessageForm(config.catalogue),
  leadRuntime(config, "send-contact-email"),
);
