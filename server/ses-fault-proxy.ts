import { randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, request, type Server } from "node:http";
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
  const faults: FaultPlan = { fixed: "pass", rate: 0, pool: SES_FAULTS };
  let sent = 0;
  const counts: Record<SesFault, number> = { pass: 0, refuse: 0, throttle: 0, error: 0, hang: 0, slow: 0 };
  const waiting = new Holds();

  const server: Server = createServer((req, res) => {
    const fault = pickFault(faults);
    counts[fault] += 1;
    if (fault === "refuse") return void req.socket.destroy();
    if (fault === "hang") return waiting.hold(res, () => req.socket.destroy());
    if (fault === "throttle" || fault === "error") {
      req.resume();
      const throttled = fault === "throttle";
      const answer = throttled
        ? errorAnswer("TooManyRequestsException", "Maximum sending rate exceeded.")
        : errorAnswer("InternalFailure", "Internal failure.");
      return void res.writeHead(throttled ? 429 : 500, answer.headers).end(answer.body);
    }
    readAll(req, (body) =>
      forward(to, req, body, (status, headers, text) => {
        const event = status === 200 ? sentMail(req, body, text) : undefined;
        if (event) {
          sent += 1;
          void Promise.resolve(onSend?.(event)).catch(() => undefined);
        }
        const reply = () => {
          if (!res.destroyed) res.writeHead(status, headers).end(text);
        };
        if (fault !== "slow") return reply();
        waiting.later(res, reply, slowMs);
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    set(fault) {
      faults.fixed = fault;
    },
    randomFaults(rate, pool = SES_FAULTS) {
      Object.assign(faults, { rate, pool });
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

/** Passes the request on to the emulator; a connection it refuses drops the caller's too, as SES's would. */
function forward(
  to: URL,
  req: IncomingMessage,
  body: Buffer,
  answered: (status: number, headers: IncomingHttpHeaders, text: Buffer) => void,
): void {
  const call = request(
    { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers },
    (answer) => readAll(answer, (text) => answered(answer.statusCode ?? 502, answer.headers, text)),
  );
  call.on("error", () => req.socket.destroy());
  call.end(body);
}

/** The send event of a mail the emulator took, as SES publishes it; undefined for any other call. */
function sentMail(req: IncomingMessage, body: Buffer, text: Buffer) {
  if (req.method !== "POST" || !req.url?.startsWith("/v2/email/outbound-emails")) return undefined;
  const messageId = String((JSON.parse(text.toString("utf8") || "{}") as { MessageId?: unknown }).MessageId ?? "");
  return sendEvent(body.toString("utf8"), messageId);
}

/** A fault set for every call, or else a rate of random ones drawn from a pool. */
interface FaultPlan {
  fixed: SesFault;
  rate: number;
  pool: ReadonlyArray<Exclude<SesFault, "pass">>;
}

const pickFault = ({ fixed, rate, pool }: FaultPlan): SesFault =>
  fixed !== "pass"
    ? fixed
    : rate > 0 && Math.random() < rate
      ? (pool[Math.floor(Math.random() * pool.length)] ?? "error")
      : "pass";
