import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * pass: forwarded to the emulator; refuse: the connection is dropped at once; throttle: 429 TooManyRequests;
 * error: 500 InternalFailure; hang: the request is accepted and never answered; slow: forwarded (the mail is sent)
 * but the answer is held, until `release()` or for `slowMs`, later than the sender waits.
 */
export type SesFault = "pass" | "refuse" | "throttle" | "error" | "hang" | "slow";
const SES_FAULTS: ReadonlyArray<Exclude<SesFault, "pass" | "slow">> = ["refuse", "throttle", "error", "hang"];

/** SES's send event as its configuration set publishes it to EventBridge (the fields deliver-lead reads, and a few more). */
interface SesSendEvent {
  version: "0";
  id: string;
  "detail-type": "Email Sent";
  source: "aws.ses";
  time: string;
  detail: {
    eventType: "Send";
    mail: {
      timestamp: string;
      messageId: string;
      destination: string[];
      headers: Array<{ name: string; value: string }>;
      tags: Record<string, string[]>;
    };
    send: Record<string, never>;
  };
}

/** What both fault proxies offer: where they listen, what they did, and the requests they hold. */
interface FaultProxy<Fault extends string> {
  url: string;
  /** Requests answered so far, by what they got. */
  readonly counts: Record<Fault, number>;
  /** Requests waiting now: hanging ones, and slow ones whose answer is held. */
  readonly held: number;
  /**
   * Resolves once `count` requests are waiting at once: whatever the sender does next waits on its own clock, so a
   * test on a fake one knows when to move it.
   */
  whenHeld(count: number): Promise<void>;
  /** Answers every held slow request now and drops every hanging one; returns how many there were. */
  release(): number;
  close(): Promise<void>;
}

export interface SesFaultProxy extends FaultProxy<SesFault> {
  /** Every request from now on gets this. */
  set(fault: SesFault): void;
  /** Each request independently gets a random fault with this probability (0 turns random faults off). */
  randomFaults(rate: number): void;
  /** Send events published so far (one per mail the emulator took). */
  readonly sent: number;
}

export interface SesFaultProxyOptions {
  /** The SES emulator's URL. */
  target: string;
  port?: number;
  /**
   * How late a `slow` answer comes (the load script: a while later than an attempt waits). Unset, it waits for
   * `release()`, so a test moves its own clock past the sender's deadline and then lets the answer go.
   */
  slowMs?: number;
  /**
   * Called with the send event of every mail the emulator took, as SES's configuration set publishes it: what lets
   * the local stack mark a lead mailed whose sender gave up waiting. Errors are the receiver's to log.
   */
  onSend?: (event: SesSendEvent) => unknown;
}

/** A v2 (REST JSON) error answer, as SES v2 gives it. */
const errorAnswer = (type: string, message: string) => ({
  headers: { "content-type": "application/json", "x-amzn-errortype": type, "x-amzn-requestid": randomUUID() },
  body: JSON.stringify({ message }),
});

/** The send event of one SendEmail (v2) request body the emulator accepted. */
function sendEvent(body: string, messageId: string): SesSendEvent | undefined {
  let request: {
    Destination?: { ToAddresses?: string[] };
    Content?: { Simple?: { Headers?: Array<{ Name: string; Value: string }> } };
    EmailTags?: Array<{ Name: string; Value: string }>;
  };
  try {
    request = JSON.parse(body);
  } catch {
    return undefined;
  }
  const now = new Date().toISOString();
  return {
    version: "0",
    id: randomUUID(),
    "detail-type": "Email Sent",
    source: "aws.ses",
    time: now,
    detail: {
      eventType: "Send",
      mail: {
        timestamp: now,
        messageId,
        destination: request.Destination?.ToAddresses ?? [],
        headers: (request.Content?.Simple?.Headers ?? []).map(({ Name, Value }) => ({ name: Name, value: Value })),
        tags: Object.fromEntries((request.EmailTags ?? []).map(({ Name, Value }) => [Name, [Value]])),
      },
      send: {},
    },
  };
}

/**
 * A fault-injecting proxy in front of the local SES emulator, for tests, the load script and `npm start` (where it
 * only passes, and publishes the send events). The handlers talk to it as if it were SES. Listens on 127.0.0.1 only.
 */
export async function startSesFaultProxy({
  target,
  port = 0,
  slowMs,
  onSend,
}: SesFaultProxyOptions): Promise<SesFaultProxy> {
  const faults: FaultPlan = { fixed: "pass", rate: 0 };
  let sent = 0;
  const counts: Record<SesFault, number> = { pass: 0, refuse: 0, throttle: 0, error: 0, hang: 0, slow: 0 };
  const proxy = await startFaultProxy(
    { target, port, slowMs, counts },
    () => pickFault(faults),
    (req, body, text) => {
      const event = sentMail(req, body, text);
      if (!event) return;
      sent += 1;
      void Promise.resolve(onSend?.(event)).catch(() => undefined);
    },
  );
  return {
    ...proxy,
    set(fault) {
      faults.fixed = fault;
    },
    randomFaults(rate) {
      faults.rate = rate;
    },
    get sent() {
      return sent;
    },
    get held() {
      return proxy.held;
    },
  };
}

/**
 * pass: forwarded to the local DynamoDB; refuse: the connection is dropped at once (nothing written); hang: accepted
 * and never answered (nothing written); slow: forwarded (the write lands) but the answer is held, until `release()` or
 * for `slowMs`, later than the store client waits.
 */
export type StoreFault = "pass" | "refuse" | "hang" | "slow";

export interface StoreFaultProxy extends FaultProxy<StoreFault> {
  /**
   * Every request from now on gets this; with `operations` (DynamoDB's names, e.g. "PutItem"), only those requests do
   * and the others pass.
   */
  set(fault: StoreFault, operations?: ReadonlyArray<string>): void;
}

/** The operation a DynamoDB request asks for: its X-Amz-Target is `DynamoDB_20120810.<Operation>`. */
const operationOf = (target: string | string[] | undefined) => String(target ?? "").replace(/^.*\./, "");

/**
 * A fault-injecting proxy in front of the local DynamoDB, for tests and the load script: the handlers and deliver-lead
 * talk to it as if it were the table. Listens on 127.0.0.1 only.
 */
export async function startStoreFaultProxy({
  target,
  slowMs,
}: {
  target: string;
  /** How late a `slow` answer comes; unset, it waits for `release()` (a test moves its own clock meanwhile). */
  slowMs?: number;
}): Promise<StoreFaultProxy> {
  let fault: StoreFault = "pass";
  let only: ReadonlySet<string> | undefined;
  const counts: Record<StoreFault, number> = { pass: 0, refuse: 0, hang: 0, slow: 0 };
  const proxy = await startFaultProxy({ target, port: 0, slowMs, counts }, (req) =>
    only && !only.has(operationOf(req.headers["x-amz-target"])) ? "pass" : fault,
  );
  return {
    ...proxy,
    set(next, operations) {
      fault = next;
      only = operations && new Set(operations);
    },
    get held() {
      return proxy.held;
    },
  };
}

/**
 * The proxy both share: each request gets the fault `pick` names; one forwarded and answered 200 is shown to
 * `answered` with its body and the answer's, before the caller has it.
 */
async function startFaultProxy<Fault extends SesFault>(
  { target, port, slowMs, counts }: { target: string; port: number; slowMs?: number; counts: Record<Fault, number> },
  pick: (req: IncomingMessage) => Fault,
  answered?: (req: IncomingMessage, body: Buffer, text: Buffer) => void,
): Promise<FaultProxy<Fault>> {
  const to = new URL(target);
  const waiting = new Holds();
  const server: Server = createServer((req, res) => {
    const fault: SesFault = pick(req);
    counts[fault as Fault] += 1;
    if (fault === "refuse") return void req.socket.destroy();
    if (fault === "hang") {
      req.resume();
      return waiting.hold(res, () => req.socket.destroy());
    }
    if (fault === "throttle" || fault === "error") {
      req.resume();
      const throttled = fault === "throttle";
      const answer = throttled
        ? errorAnswer("TooManyRequestsException", "Maximum sending rate exceeded.")
        : errorAnswer("InternalFailure", "Internal failure.");
      return void res.writeHead(throttled ? 429 : 500, answer.headers).end(answer.body);
    }
    readAll(req, (body) => {
      // A connection the target refuses drops the caller's too, as the real service's would.
      const call = request(
        { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers },
        (answer) =>
          readAll(answer, (text) => {
            if (answer.statusCode === 200) answered?.(req, body, text);
            const reply = () => {
              if (!res.destroyed) res.writeHead(answer.statusCode ?? 502, answer.headers).end(text);
            };
            if (fault !== "slow") return reply();
            waiting.later(res, reply, slowMs);
          }),
      );
      call.on("error", () => req.socket.destroy());
      call.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    counts,
    get held() {
      return waiting.size;
    },
    whenHeld: (count) => waiting.when(count),
    release: () => waiting.release(),
    close: () =>
      new Promise((resolve) => {
        waiting.stop();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readAll(stream: NodeJS.ReadableStream, done: (body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk));
  stream.on("end", () => done(Buffer.concat(chunks)));
}

/** The send event of a mail the emulator took, as SES publishes it; undefined for any other call. */
function sentMail(req: IncomingMessage, body: Buffer, text: Buffer) {
  if (req.method !== "POST" || !req.url?.startsWith("/v2/email/outbound-emails")) return undefined;
  const messageId = String((JSON.parse(text.toString("utf8") || "{}") as { MessageId?: unknown }).MessageId ?? "");
  return sendEvent(body.toString("utf8"), messageId);
}

/** A fault set for every call, or else a rate of random ones drawn from SES_FAULTS. */
interface FaultPlan {
  fixed: SesFault;
  rate: number;
}

const pickFault = ({ fixed, rate }: FaultPlan): SesFault =>
  fixed !== "pass"
    ? fixed
    : rate > 0 && Math.random() < rate
      ? (SES_FAULTS[Math.floor(Math.random() * SES_FAULTS.length)] ?? "error")
      : "pass";

/**
 * The requests a fault proxy holds (a hanging request, a slow answer), each with what lets it go. A test on a fake
 * clock waits until the sender is waiting (`when`), moves the clock past the sender's deadline, then lets the held
 * ones go (`release`): nothing waits out a deadline for real. A request whose caller gave up leaves the count.
 */
class Holds {
  readonly #held = new Map<ServerResponse, () => void>();
  readonly #timers = new Set<NodeJS.Timeout>();
  #waiters: Array<{ count: number; resolve: () => void }> = [];

  get size(): number {
    return this.#held.size;
  }

  /** Holds `res` until `release`, which then calls `letGo` (answer it, or drop its connection). */
  hold(res: ServerResponse, letGo: () => void): void {
    this.#held.set(res, letGo);
    res.once("close", () => this.#held.delete(res));
    this.#waiters = this.#waiters.filter((waiter) => {
      if (this.#held.size < waiter.count) return true;
      waiter.resolve();
      return false;
    });
  }

  /** A slow answer: sent after `slowMs` of real time, or held until `release` when no time is given. */
  later(res: ServerResponse, reply: () => void, slowMs: number | undefined): void {
    if (slowMs === undefined) {
      this.hold(res, reply);
      return;
    }
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      reply();
    }, slowMs);
    this.#timers.add(timer);
  }

  /** Resolves once `count` requests are held at the same time. */
  when(count: number): Promise<void> {
    if (this.#held.size >= count) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push({ count, resolve }));
  }

  /** Lets every held request go and drops the slow answers not yet sent; for a proxy's close. */
  stop(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    this.release();
  }

  /** Lets every held request go; returns how many there were. */
  release(): number {
    const held = [...this.#held.values()];
    this.#held.clear();
    for (const letGo of held) letGo();
    return held.length;
  }
}
