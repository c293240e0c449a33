import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Context, ScheduledEvent, SQSBatchResponse, SQSEvent } from "aws-lambda";
import { DELIVERY } from "../lambdas/shared/delivery.ts";
import { type InProcessQueue, LOCAL_QUEUE_DEFAULTS } from "./in-process-queue.ts";

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The exports of lambdas/deliver-lead/handler.ts the local server calls. */
export interface DeliverLeadModule {
  handler(event: SQSEvent, context?: Partial<Context>): Promise<SQSBatchResponse>;
  sweep(event: Partial<ScheduledEvent>, context?: Partial<Context>): Promise<{ enqueued: number }>;
  sweepAtStart(): Promise<{ enqueued: number }>;
  mailEvent(event: unknown, context?: Partial<Context>): Promise<{ marked: string | undefined }>;
}

/** A retry waits at most this long locally (a deployed queue waits a minute): a failed mail is retried within seconds. */
export const LOCAL_MAX_DELAY_SECONDS = 2;

/** Tries of one send event: Lambda's asynchronous invocation makes the first and 2 retries. */
const SEND_EVENT_TRIES = 3;

export interface LocalRetryOptions {
  /** The queue the handlers were given (`provideLocalLeadQueue`). */
  queue: InProcessQueue;
  /** First wait after a failed delivery; doubles per receive (default 2 s). */
  backoffMs?: number;
  /** How often the sweep runs (AWS: every 5 minutes). */
  sweepEveryMs?: number;
  /** How often the queue looks for visible messages (default 250 ms). */
  pollMs?: number;
  /** deliver-lead's handlers; the real module unless a caller passes its own. */
  deliver?: DeliverLeadModule;
  /** First wait before a failed send event is tried again; doubles per try (default 2 s, as the queue's backoff). */
  eventBackoffMs?: number;
}

/** A Lambda-like context for deliver-lead: its 30 s timeout counted from now. */
function deliverContext(): Partial<Context> {
  const ends = performance.now() + DELIVERY.deliverFunctionTimeoutMs;
  return {
    awsRequestId: `local-${Date.now()}`,
    getRemainingTimeInMillis: () => Math.max(0, Math.floor(ends - performance.now())),
  };
}

/**
 * The retry path of `npm start` and `npm run dev`, in process: the queue feeds lambdas/deliver-lead/handler.ts as SQS
 * would, its sweep runs on a timer, and once at start for every lead a previous run left unmailed, whatever its age
 * (the queue does not outlive the server; the table does). `mailEvent` takes SES's send events, as EventBridge
 * delivers them in AWS. Env must be set before this is called.
 */
export async function startLocalRetry({ queue, deliver: given, ...timing }: LocalRetryOptions) {
  const { backoffMs, pollMs, eventBackoffMs = LOCAL_QUEUE_DEFAULTS.backoffMs } = timing;
  const deliver =
    given ??
    ((await import(pathToFileURL(path.join(rootDir, "lambdas/deliver-lead/handler.ts")).href)) as DeliverLeadModule);
  queue.start({ consume: (event) => deliver.handler(event, deliverContext()), backoffMs, pollMs });
  const report = (what: string) => (error: unknown) => console.error(`[retry] ${what} failed`, error);
  await deliver.sweepAtStart().catch(report("the start-up sweep"));
  const timer = setInterval(
    () => deliver.sweep({}, deliverContext()).catch(report("sweep")),
    timing.sweepEveryMs ?? 5 * 60_000,
  );
  // Stryker disable next-line CallExpression: unref only lets the process exit while the timer waits, which no in-process test can see
  timer.unref();
  const eventRetries = new Set<NodeJS.Timeout>();
  /**
   * One try of a send event; a failed one is tried again later, as Lambda's asynchronous invocation (EventBridge's
   * target) tries a failed event twice more. A send event lost to a store that was slow for a moment left its lead
   * unknown, and the lead was mailed a second time after the pause.
   */
  const tryEvent = (event: unknown, tries: number): Promise<unknown> =>
    deliver.mailEvent(event, deliverContext()).catch((error: unknown) => {
      if (tries >= SEND_EVENT_TRIES) return report("a send event")(error);
      const retryTimer = setTimeout(
        () => {
          // Stryker disable next-line CallExpression: equivalent: a fired timer left in the set is cleared again by stop(), a no-op
          eventRetries.delete(retryTimer);
          void tryEvent(event, tries + 1);
        },
        eventBackoffMs * 2 ** (tries - 1),
      );
      // Stryker disable next-line CallExpression: unref only lets the process exit while the timer waits, which no in-process test can see
      retryTimer.unref();
      eventRetries.add(retryTimer);
    });
  return {
    queue,
    deliver,
    /** Hands SES's send event to deliver-lead, as the configuration set's EventBridge rule does (3 tries, 2 s and 4 s apart). */
    mailEvent: (event: unknown) => tryEvent(event, 1),
    stop() {
      clearInterval(timer);
      for (const retryTimer of eventRetries) clearTimeout(retryTimer);
      queue.stop();
    },
  };
}
export type LocalRetry = Awaited<ReturnType<typeof startLocalRetry>>;
