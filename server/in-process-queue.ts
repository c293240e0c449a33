import { randomUUID } from "node:crypto";
import type { SQSBatchResponse, SQSEvent, SQSRecord } from "aws-lambda";
import type { LeadQueue } from "../lambdas/shared/lead-queue.ts";
import { type RetryMessage, retryMessageBody } from "../lambdas/shared/lead-record.ts";

/** Calls deliver-lead's handler with a batch, as the SQS event source mapping does. */
type QueueConsumer = (event: SQSEvent) => Promise<SQSBatchResponse>;

interface Held {
  id: string;
  body: string;
  visibleAt: number;
  receives: number;
}

/**
 * How the queue is started. Each setting may be left out or passed as undefined (a caller forwarding its own optional
 * setting does that): either way its default applies, resolved one by one in `start`, never by spreading.
 */
export interface InProcessQueueOptions {
  consume: QueueConsumer;
  /** Wait after the first failed receive; doubles with each further one (AWS waits the visibility timeout). */
  backoffMs?: number | undefined;
  /** Receives before a message moves to the dead-letter list, as the stack's redrive policy (5). */
  maxReceives?: number | undefined;
  /** How often visible messages are looked for. */
  pollMs?: number | undefined;
}

/** The settings `start` runs with: every one a number. */
interface QueueSettings {
  consume: QueueConsumer;
  backoffMs: number;
  maxReceives: number;
  pollMs: number;
}

/** Local defaults: a failed message is back after 2, 4, 8, 16 s and dead-lettered at its 5th receive (MAX_RECEIVES). */
export const LOCAL_QUEUE_DEFAULTS = { backoffMs: 2_000, maxReceives: 5, pollMs: 250 } as const;

/**
 * The options with their defaults. `{ ...defaults, ...options }` let an option passed as undefined replace its
 * default: the backoff became NaN and a message that failed once was never received again.
 * @throws RangeError for a setting that is not a finite number above 0: such a queue would drop or spin on messages.
 */
export function queueSettings(options: InProcessQueueOptions): QueueSettings {
  const settings = {
    consume: options.consume,
    backoffMs: options.backoffMs ?? LOCAL_QUEUE_DEFAULTS.backoffMs,
    maxReceives: options.maxReceives ?? LOCAL_QUEUE_DEFAULTS.maxReceives,
    pollMs: options.pollMs ?? LOCAL_QUEUE_DEFAULTS.pollMs,
  };
  for (const name of ["backoffMs", "maxReceives", "pollMs"] as const) {
    const value = settings[name];
    if (!Number.isFinite(value) || value <= 0)
      throw new RangeError(`InProcessQueue ${name} must be above 0, not ${value}`);
  }
  return settings;
}

export interface InProcessQueueSettings {
  /**
   * The longest a message is kept invisible, whatever delay it was sent with: one developer watching the mailbox has
   * no reason to wait the minute a deployed queue waits.
   */
  maxDelaySeconds?: number;
}

/**
 * The retry queue of the local server: SQS's behaviour in one process (delays, batches of 5, a failed message
 * coming back later with backoff, a dead-letter list after 5 receives), so that the same deliver-lead code runs
 * locally as in AWS. Messages wait, and are kept, until a consumer is started. The server makes one and passes it to
 * the handlers (`provideLocalLeadQueue`), those in a dev worker thread included; it is never in a Lambda bundle.
 */
export class InProcessQueue implements LeadQueue {
  readonly deadLetters: RetryMessage[] = [];
  #held: Held[] = [];
  readonly #maxDelaySeconds: number;

  constructor(settings: InProcessQueueSettings = {}) {
    this.#maxDelaySeconds = settings.maxDelaySeconds ?? Number.POSITIVE_INFINITY;
  }
  #options: QueueSettings | undefined;
  #timer: NodeJS.Timeout | undefined;
  #busy: Promise<void> = Promise.resolve();

  async enqueue(message: RetryMessage, delaySeconds: number): Promise<void> {
    this.#held.push({
      id: randomUUID(),
      // The body SQS would carry (retryMessageBody), so what the local retry path sees is what AWS's sees.
      body: retryMessageBody(message),
      visibleAt: Date.now() + Math.min(delaySeconds, this.#maxDelaySeconds) * 1000,
      receives: 0,
    });
  }

  /** Messages waiting or in flight. */
  get size(): number {
    return this.#held.length;
  }

  start(options: InProcessQueueOptions): void {
    this.#options = queueSettings(options);
    clearInterval(this.#timer);
    this.#timer = setInterval(() => void this.#tick(false), this.#options.pollMs);
    // Stryker disable next-line CallExpression: unref only lets the process exit while the timer waits, which no in-process test can see
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /**
   * Delivers every message now, ignoring delays and backoff, one round per message at most: used by `npm run leads
   * -- replay` semantics in tests and the load script once SES is back. Resolves when the round is done.
   */
  async flush(): Promise<void> {
    await this.#tick(true);
  }

  /**
   * Resolves once the round under way, if any, is done: a test that moved a fake clock past a message's delay waits
   * here for the delivery it set off, not for a while.
   */
  settled(): Promise<void> {
    return this.#busy;
  }

  /** Moves the dead letters back onto the queue (what SQS's StartMessageMoveTask does). */
  redrive(): number {
    const moved = this.deadLetters.splice(0);
    for (const message of moved) void this.enqueue(message, 0);
    return moved.length;
  }

  #tick(all: boolean): Promise<void> {
    // One round at a time, like one poller; a flush waits for the round under way.
    this.#busy = this.#busy.then(() => this.#round(all));
    return this.#busy;
  }

  async #round(all: boolean): Promise<void> {
    const options = this.#options;
    if (!options) return;
    const now = Date.now();
    const due = this.#held.filter((held) => all || held.visibleAt <= now);
    for (let i = 0; i < due.length; i += 5) {
      const batch = due.slice(i, i + 5);
      for (const held of batch) held.receives += 1;
      let failed: Set<string>;
      try {
        const answer = await options.consume({ Records: batch.map(sqsRecord) });
        failed = new Set(answer.batchItemFailures.map((failure) => failure.itemIdentifier));
      } catch {
        failed = new Set(batch.map((held) => held.id));
      }
      for (const held of batch) {
        if (!failed.has(held.id)) this.#remove(held);
        else if (held.receives >= options.maxReceives) {
          this.#remove(held);
          this.deadLetters.push(JSON.parse(held.body) as RetryMessage);
        } else held.visibleAt = Date.now() + options.backoffMs * 2 ** (held.receives - 1);
      }
    }
  }

  #remove(held: Held): void {
    this.#held = this.#held.filter((other) => other !== held);
  }
}

function sqsRecord(held: Held): SQSRecord {
  return {
    messageId: held.id,
    receiptHandle: held.id,
    body: held.body,
    attributes: {
      ApproximateReceiveCount: String(held.receives),
      SentTimestamp: String(Date.now()),
      SenderId: "local",
      ApproximateFirstReceiveTimestamp: String(Date.now()),
    },
    messageAttributes: {},
    md5OfBody: "",
    eventSource: "aws:sqs",
    eventSourceARN: "arn:aws:sqs:local:000000000000:leads",
    awsRegion: "local",
  };
}
