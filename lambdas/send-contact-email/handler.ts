import { config } from "../shared/config.ts";
import { createLeadHandler } from "../shared/lead-handler.ts";
import { leadRuntime } from "../shared/runtime.ts";
import { contactEmailForm } from "./send-contact-email.ts";

/** POST /api/send-contact-email: the message form of /contact. Configuration, clients and schema are made once per container. */
export const handler = createLeadHandler(contactEmailForm(config.catalogue), leadRuntime(config, "send-contact-email"));
