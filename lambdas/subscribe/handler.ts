import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { config } from "../shared/config.ts";
import { loadNewsletterSecret } from "../shared/newsletter-secret.ts";
import { loadOriginVerify } from "../shared/origin-verify.ts";
import { leadRuntime } from "../shared/runtime.ts";
import { createDynamoSubscriberStore } from "../shared/subscriber-store.ts";
import { createNewsletterHandler, SUBSCRIBE_FUNCTION } from "./subscribe.ts";

/**
 * POST /api/subscribe, GET /api/confirm-subscription, GET|POST /api/unsubscribe: the blog's newsletter box and the
 * links of its mails. Configuration, clients, the signing secret and the origin-verify value (both Secrets Manager, read
 * side by side) are read once per container.
 */
const runtime = leadRuntime(config, SUBSCRIBE_FUNCTION);
const [secret, originVerify] = await Promise.all([
  loadNewsletterSecret(process.env, config.region),
  loadOriginVerify(process.env, config.region),
]);
const subscribers = createDynamoSubscriberStore({
  client: new DynamoDBClient({
    region: config.region,
    endpoint: config.dynamoEndpoint,
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 1_000, requestTimeout: 2_000, throwOnRequestTimeout: true },
  }),
  tableName: config.leadsTableName,
});

export const handler = createNewsletterHandler(secret, process.env.NEWSLETTER_LINK_BASE?.trim() || config.siteUrl, {
  ...runtime,
  subscribers,
  originVerify,
});
