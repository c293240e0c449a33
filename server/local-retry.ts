import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Context, ScheduledEvent, SQSBatchResponse, SQSEvent } from "aws-lambda";
import { DELIVERY } from "../lambdas/shared/delivery.ts";
import { inProcessQueue } from "../lambdas/shared/in-process-queue.ts";

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

interface DeliverLeadModule {
  handler(event: SQSEvent, context?: Partial<Context>): Promise<SQSBatchResponse>;
  sweep(event: Partial<ScheduledEvent>, context?: Partial<Context>): Promise<{ enqueued: number }>;
}

export interface LocalRetryOptions {
  /** First wait after a failed delivery; doubles per receive (default 2 s). */
  backoffMs?: number;
  /** How often the sweep runs (AWS: every 5 minutes). */
  sweepEveryMs?: number;
}

/** A Lambda-like context for deliver-lead: its 30 s timeout counted from now. */
function deliverContext(): Partial<Context> {
  const ends = performance.now() + DELIVERY.deliverFunctionTimeoutMs;
  return { awsRequestId: `local-${Date.now()}`, getRemainingTimeInMillis: () => Math.max(0, Math.floor(ends - performance.now())) };
}

/**
 * The retry path of `npm start`, in process: the in-process queue feeds lambdas/deliver-lead/handler.ts as SQS
 * would, and its sweep runs on a timer, and once at start for leads a previous run left unmailed (the in-process
 * queue does not outlive the server; the table does). Env must be set before this is called.
 */
export async function startLocalRetry(options: LocalRetryOptions = {}) {
  const deliver = (await import(pathToFileURL(path.join(rootDir, "lambdas/deliver-lead/handler.ts")).href)) as DeliverLeadModule;
  inProcessQueue.start({ consume: (event) => deliver.handler(event, deliverContext()), backoffMs: options.backoffMs });
  const sweep = () => deliver.sweep({}, deliverContext()).catch((error: unknown) => console.error("[retry] sweep failed", error));
  await sweep();
  const timer = setInterval(sweep, options.sweepEveryMs ?? 5 * 60_000);
  timer.unref();
  return {
    queue: inProcessQueue,
    deliver,
    stop() {
      clearInterval(timer);
      inProcessQueue.stop();
    },
  };
}
