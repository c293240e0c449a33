import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { IN_PROCESS_QUEUE, type LeadConfig } from "./env.ts";
import type { DeliveryDeps } from "./delivery.ts";
import type { LeadDeps } from "./lead-handler.ts";
import { createSqsLeadQueue, localLeadQueue } from "./lead-queue.ts";
import { createDynamoLeadStore } from "./lead-store.ts";
import { createLogger } from "./log.ts";
import { createSesMailer } from "./mailer.ts";
import { LEAD_SPAM } from "../../src/lib/limits.ts";
import { createDynamoRateLimit, createDynamoSuspectCap } from "./spam-folder.ts";

/**
 * What every lead function makes once per container from its configuration: the SES mailer, the lead store, the
 * retry queue (SQS, or the queue the local server passes in), the per-client rate limit, the spam folder's per-client
 * cap and its logger.
 */
export function leadRuntime(
  config: LeadConfig,
  functionName: string,
): DeliveryDeps & Required<Pick<LeadDeps, "rateLimit" | "suspectCap">> {
  // The limit's own client answers fast or not at all: a counter that fails admits the lead (lead-handler.ts).
  const counterClient = new DynamoDBClient({
    region: config.region,
    endpoint: config.dynamoEndpoint,
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 1_000, requestTimeout: 1_000, throwOnRequestTimeout: true },
  });
  return {
    rateLimit: createDynamoRateLimit({
      client: counterClient,
      tableName: config.leadsTableName,
      limit: config.leadRateLimit,
    }),
    // The spam folder keeps this many suspected leads per client and hour, and counts the rest.
    suspectCap: createDynamoSuspectCap({
      client: counterClient,
      tableName: config.leadsTableName,
      limit: LEAD_SPAM.storedPerClientHour,
    }),
    config,
    mailer: createSesMailer({
      region: config.region,
      endpoint: config.sesEndpoint,
      configurationSet: config.sesConfigurationSet,
      retryPauseMs: config.sesRetryPauseMs,
    }),
    store: createDynamoLeadStore({
      tableName: config.leadsTableName,
      region: config.region,
      endpoint: config.dynamoEndpoint,
      retentionDays: config.leadRetentionDays,
    }),
    queue:
      config.leadQueueUrl === IN_PROCESS_QUEUE
        ? localLeadQueue()
        : createSqsLeadQueue({ queueUrl: config.leadQueueUrl, region: config.region }),
    log: createLogger(functionName, config.logLevel),
  };
}
