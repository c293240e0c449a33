import { IN_PROCESS_QUEUE, type LeadConfig } from "./env.ts";
import { inProcessQueue } from "./in-process-queue.ts";
import type { DeliveryDeps } from "./delivery.ts";
import { createSqsLeadQueue } from "./lead-queue.ts";
import { createDynamoLeadStore } from "./lead-store.ts";
import { createLogger } from "./log.ts";
import { createSesMailer } from "./mailer.ts";

/**
 * What every lead function makes once per container from its configuration: the SES mailer, the lead store, the
 * retry queue (SQS, or the local server's in-process queue) and its logger.
 */
export function leadRuntime(config: LeadConfig, functionName: string): DeliveryDeps {
  return {
    config,
    mailer: createSesMailer({ region: config.region, endpoint: config.sesEndpoint, configurationSet: config.sesConfigurationSet }),
    store: createDynamoLeadStore({ tableName: config.leadsTableName, region: config.region, endpoint: config.dynamoEndpoint }),
    queue: config.leadQueueUrl === IN_PROCESS_QUEUE ? inProcessQueue : createSqsLeadQueue({ queueUrl: config.leadQueueUrl, region: config.region }),
    log: createLogger(functionName, config.logLevel),
  };
}
