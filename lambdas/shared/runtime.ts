import { IN_PROCESS_QUEUE, type LeadConfig } from "./env.ts";
import type { DeliveryDeps } from "./delivery.ts";
import { createSqsLeadQueue, localLeadQueue } from "./lead-queue.ts";
import { createDynamoLeadStore } from "./lead-store.ts";
import { createLogger } from "./log.ts";
import { createSesMailer } from "./mailer.ts";

/**
 * What every lead function makes once per container from its configuration: the SES mailer, the lead store, the
 * retry queue (SQS, or the queue the local server passes in) and its logger.
 */
export function leadRuntime(config: LeadConfig, functionName: string): DeliveryDeps {
  return {
    config,
    mailer: createSesMailer({ region: config.region, endpoint: config.sesEndpoint, configurationSet: config.sesConfigurationSet }),
    store: createDynamoLeadStore({ tableName: config.leadsTableName, region: config.region, endpoint: config.dynamoEndpoint }),
    queue: config.leadQueueUrl === IN_PROCESS_QUEUE ? localLeadQueue() : createSqsLeadQueue({ queueUrl: config.leadQueueUrl, region: config.region }),
    log: createLogger(functionName, config.logLevel),
  };
}
