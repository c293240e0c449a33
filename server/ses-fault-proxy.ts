import { randomUUID } from "node:crypto";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Holds } from "./fault-holds.ts";

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

export interface SesFaultProxy {
  url: string;
  /** Every request from now on gets this. */
  set(fault: SesFault): void;
  /** Each request independently gets a random fault with this probability (0 turns random faults off). */
  randomFaults(rate: number, faults?: ReadonlyArray<Exclude<SesFault, "pass">>): void;
  /** Requests answered so far, by what they got. */
  readonly counts: Record<SesFault, number>;
  /** Send events published so far (one per mail the emulator took). */
  readonly sent: number;
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
  const to = new URL(target);
  let fixed: SesFault = "pass";
  let rate = 0;
  let pool: ReadonlyArray<Exclude<SesFault, "pass">> = SES_FAULTS;
  let sent = 0;
  const counts: Record<SesFault, number> = { pass: 0, refuse: 0, throttle: 0, error: 0, hang: 0, slow: 0 };
  const pick = (): SesFault =>
    fixed !== "pass"
      ? fixed
      : rate > 0 && Math.random() < rate
        ? (pool[Math.floor(Math.random() * pool.length)] ?? "error")
        : "pass";
  const timers = new Set<NodeJS.Timeout>();
  const waiting = new Holds();

  const server: Server = createServer((req, res) => {
    const fault = pick();
    counts[fault] += 1;
    if (fault === "refuse") return void req.socket.destroy();
    if (fault === "hang") return waiting.hold(res, () => req.socket.destroy());
    if (fault === "throttle" || fault === "error") {
      req.resume();
      const answer =
        fault === "throttle"
          ? errorAnswer("TooManyRequestsException", "Maximum sending rate exceeded.")
          : errorAnswer("InternalFailure", "Internal failure.");
      res.writeHead(fault === "throttle" ? 429 : 500, answer.headers).end(answer.body);
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const forward = request(
        { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on("data", (chunk: Buffer) => parts.push(chunk));
          answer.on("end", () => {
            const text = Buffer.concat(parts);
            const status = answer.statusCode ?? 502;
            if (status === 200 && req.method === "POST" && req.url?.startsWith("/v2/email/outbound-emails")) {
              const messageId = String(
                (JSON.parse(text.toString("utf8") || "{}") as { MessageId?: unknown }).MessageId ?? "",
              );
              const event = sendEvent(body.toString("utf8"), messageId);
              if (event) {
                sent += 1;
                void Promise.resolve(onSend?.(event)).catch(() => undefined);
              }
            }
            const reply = () => {
              if (!res.destroyed) res.writeHead(status, answer.headers).end(text);
            };
            if (fault !== "slow") return reply();
            if (slowMs === undefined) return waiting.hold(res, reply);
            const timer = setTimeout(() => {
              timers.delete(timer);
              reply();
            }, slowMs);
            timers.add(timer);
          });
        },
      );
      forward.on("error", () => req.socket.destroy());
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    set(fault) {
      fixed = fault;
    },
    randomFaults(newRate, faults = SES_FAULTS) {
      rate = newRate;
      pool = faults;
    },
    counts,
    get sent() {
      return sent;
    },
    get held() {
      return waiting.size;
    },
    whenHeld: (count) => waiting.when(count),
    release: () => waiting.release(),
    close: () =>
      new Promise((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        waiting.release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
