import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import sesEmulator from "aws-ses-v2-local";
import type { LeadRecord } from "../../../lambdas/shared/lead-record.ts";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { vi } from "vitest";
import { provideLocalLeadQueue } from "../../../lambdas/shared/lead-queue.ts";
import { createDynamoLeadStore } from "../../../lambdas/shared/lead-store.ts";
import { InProcessQueue, LOCAL_QUEUE_DEFAULTS } from "../../../server/in-process-queue.ts";
import { invokeLambda, LOCAL_FUNCTION_TIMEOUT_MS, type LambdaHandler } from "../../../server/lambda-adapter.ts";
import { localLambdaEnv } from "../../../server/lambda-env.ts";
import { withExtraRoutes } from "../../../server/load-handlers.ts";
import { LambdaHost } from "../../../server/lambda-host.ts";
import { LOCAL_LEADS_TABLE, startLocalDynamo } from "../../../server/local-dynamo.ts";
import { LOCAL_MAX_DELAY_SECONDS, type LocalRetry, startLocalRetry } from "../../../server/local-retry.ts";
import {
  type SesFault,
  type StoreFault,
  startSesFaultProxy,
  startStoreFaultProxy,
} from "../../../server/fault-proxy.ts";

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

type StartEmulator = (config: { host: string; port: number }) => Promise<Server>;
/** The emulator's start function: a CommonJS default export, which Node and Vite's interop wrap differently. */
const startEmulator: StartEmulator =
  (sesEmulator as unknown as { default?: StartEmulator }).default ?? (sesEmulator as unknown as StartEmulator);

/** A mail as the SES emulator stores it (GET /store). */
export interface StoredMail {
  messageId: string;
  from: string;
  replyTo: string[];
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { text?: string; html?: string };
  /** Headers set by the sender (SES v2 only). */
  headers?: Array<{ name: string; value: string }>;
}

export const LEAD_FUNCTIONS = ["send-product-inquiry", "send-installation-email", "send-contact-email"] as const;
export type LeadFunction = (typeof LEAD_FUNCTIONS)[number];

export interface LeadStackOptions {
  /** The lead functions' timeout as the local context counts it (AWS: 10 s). */
  functionTimeoutMs?: number;
  /** First wait of the in-process retry queue after a failed delivery (50 ms unless `asNpmStart`). */
  retryBackoffMs?: number;
  /**
   * Start the retry queue exactly as server/start.ts does (`startLocalRetry({ queue })`, its 2 s longest delay): its
   * own backoff, whatever the options' defaults resolve to. `retryBackoffMs` and `maxDelaySeconds` are then ignored;
   * `eventBackoffMs` is not.
   */
  asNpmStart?: boolean;
  /** First wait before a failed send event is tried again (npm start: 2 s). */
  eventBackoffMs?: number;
  /** Environment to set on top of the local one (e.g. ACK_DAILY_LIMIT). */
  env?: Record<string, string>;
  /** Run the handlers as `npm run dev` does, in a worker thread (server/lambda-host.ts); else in process, as `npm start`. */
  dev?: boolean;
  /** The longest a retry waits on the local queue (npm start: 2 s); unset keeps every delay, as SQS would. */
  maxDelaySeconds?: number;
  /**
   * How often the retry queue looks for visible messages (250 ms): a file whose tests run the queue only through
   * `retryNow` sets it beyond the file's length, so that no delivery runs behind a test that moves a fake clock.
   */
  retryPollMs?: number;
  /** Keep dynalite's data in this folder (LevelDB on disk, as `npm start`'s LEADS_DIR); in memory when unset. */
  leadsDir?: string;
  /** Headers `request` sends unless told otherwise, as CloudFront adds its origin-verify header. */
  headers?: Record<string, string>;
}

/**
 * The stack of `npm start` without the site: a real SES emulator behind a fault-injecting proxy that publishes send
 * events to deliver-lead, an in-memory dynalite with the leads table behind a fault-injecting proxy of its own, the
 * three real handler modules configured by server/lambda-env.ts (in process, or in a worker thread as under
 * `npm run dev`) and mounted on an HTTP server through the same Lambda adapter, and the in-process retry queue feeding
 * the real deliver-lead. Env is set before the handlers are imported, as the local server does. Everything listens
 * on free ports. One stack per test file: the handler modules read their configuration once.
 */
export async function startLeadStack(options: LeadStackOptions = {}) {
  const functionTimeoutMs = options.functionTimeoutMs ?? LOCAL_FUNCTION_TIMEOUT_MS;
  // Port 0: the system picks a free one, so parallel runs never collide; a restart reuses it.
  let ses = await startEmulator({ host: "127.0.0.1", port: 0 });
  const sesPort = (ses.address() as AddressInfo).port;
  const sesUrl = `http://127.0.0.1:${sesPort}`;
  let retry: LocalRetry | undefined;
  const events: unknown[] = [];
  const proxy = await startSesFaultProxy({
    target: sesUrl,
    onSend: async (event) => {
      events.push(event);
      await retry?.mailEvent(event);
    },
  });
  const dynamo = await startLocalDynamo({ port: 0, dataDir: options.leadsDir });
  const storeProxy = await startStoreFaultProxy({ target: dynamo.endpoint });
  Object.assign(
    process.env,
    await localLambdaEnv({ sesEndpoint: proxy.url, dynamoEndpoint: storeProxy.url, recipient: "hello@example.com" }),
    {
      LOG_LEVEL: "silent",
      // Every request here comes from 127.0.0.1: the hourly limit (spam-folder.test.ts) and the acknowledgement cap per
      // client have their own tests.
      LEAD_RATE_LIMIT: "100000",
      ACK_CLIENT_HOURLY_LIMIT: "100000",
      // The mailer tries a failed send again at once: its pauses are timed on a fake clock in mailer.test.ts, and the
      // handlers' clock here is the real one.
      SES_RETRY_PAUSE_MS: "0",
      ...options.env,
    },
  );
  const queue = new InProcessQueue({
    maxDelaySeconds: options.asNpmStart ? LOCAL_MAX_DELAY_SECONDS : options.maxDelaySeconds,
  });
  provideLocalLeadQueue(queue);
  const host = options.dev ? new LambdaHost(rootDir, () => ({ ...process.env }), queue) : undefined;
  const handlers = host ? host.handlers([...LEAD_FUNCTIONS, "subscribe"]) : new Map<string, LambdaHandler>();
  if (!host) {
    for (const name of [...LEAD_FUNCTIONS, "subscribe"]) {
      const mod = (await import(`../../../lambdas/${name}/handler.ts`)) as { handler: LambdaHandler };
      handlers.set(name, mod.handler);
    }
  }
  withExtraRoutes(handlers);
  retry = await (options.asNpmStart
    ? startLocalRetry({ queue, eventBackoffMs: options.eventBackoffMs })
    : startLocalRetry({
        queue,
        backoffMs: options.retryBackoffMs ?? 50,
        sweepEveryMs: 3_600_000,
        pollMs: options.retryPollMs,
      }));
  const started = retry;
  const server: Server = createServer((req, res) => {
    const name = new URL(req.url ?? "/", "http://localhost").pathname.replace(/^\/api\//, "");
    const handler = handlers.get(name);
    if (!handler) res.writeHead(404).end();
    else void invokeLambda(handler, req, res, name, functionTimeoutMs);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  const store = createDynamoLeadStore({ tableName: LOCAL_LEADS_TABLE, region: "us-east-1", client: dynamo.client });

  return {
    /** POSTs a JSON body (or sends any request) to /api/<name>; returns status and parsed answer. */
    async call(
      name: LeadFunction,
      body: unknown,
      init: { method?: string; contentType?: string; raw?: string; headers?: Record<string, string> } = {},
    ) {
      const response = await fetch(`${apiUrl}/${name}`, {
        // Lambda ends an invocation at its timeout: an answer later than that never reaches the visitor.
        signal: AbortSignal.timeout(functionTimeoutMs),
        method: init.method ?? "POST",
        headers: { "content-type": init.contentType ?? "application/json", ...init.headers },
        body: init.method === "GET" || init.method === "HEAD" ? undefined : (init.raw ?? JSON.stringify(body)),
      });
      const text = await response.text();
      return {
        status: response.status,
        headers: response.headers,
        answer: (text ? JSON.parse(text) : undefined) as { success: boolean; data?: { id: string }; error?: string },
      };
    },
    /** Any request to /api/<path> (a query string may follow), redirects not followed. */
    request(pathAndQuery: string, init: Omit<RequestInit, "headers"> & { headers?: Record<string, string> } = {}) {
      return fetch(`${apiUrl}/${pathAndQuery}`, {
        redirect: "manual",
        signal: AbortSignal.timeout(functionTimeoutMs),
        ...init,
        headers: { ...options.headers, ...init.headers },
      });
    },
    async mails(): Promise<StoredMail[]> {
      return ((await (await fetch(`${sesUrl}/store`)).json()) as { emails: StoredMail[] }).emails;
    },
    async clearMails() {
      await fetch(`${sesUrl}/clear-store`, { method: "POST" });
    },
    /** Makes SES misbehave (through the proxy) until `fault("pass")`. */
    fault(fault: SesFault) {
      proxy.set(fault);
    },
    /**
     * Makes the store misbehave (through its proxy) until `storeFault("pass")`, for every request or only those of
     * `operations` (e.g. "PutItem"); the test's own `store` goes around it.
     */
    storeFault(fault: StoreFault, operations?: ReadonlyArray<string>) {
      storeProxy.set(fault, operations);
    },
    /** SES requests by what they got, the send events published, and the requests held (hang, slow). */
    ses: proxy,
    /** The store's requests by what they got, and those held (hang, slow). */
    storeRequests: storeProxy,
    /** Send events published so far (one per mail SES took), as the configuration set's rule delivers them. */
    events,
    /** Every stored lead, newest first. */
    async leads(): Promise<LeadRecord[]> {
      const all: LeadRecord[] = [];
      for await (const lead of store.list(new Date(0))) all.push(lead);
      return all;
    },
    lead: (submissionId: string) => store.get(submissionId),
    /** The table itself, for writing what a crashed handler would leave behind. */
    store,
    dynamoClient: dynamo.client,
    /** Where the CLI finds the stack: dynalite's and the SES emulator's ports (the emulator itself, not the fault proxy). */
    ports: { dynamo: new URL(dynamo.endpoint).port, ses: String(sesPort) },
    /** Runs every message on the retry queue now (delays and backoff skipped), as a later SQS delivery would. */
    retryNow: () => started.queue.flush(),
    queue,
    /** The scheduled sweep, as EventBridge would call it. */
    sweep: () => started.deliver.sweep({}, {}),
    /** The sweep a local server runs when it starts. */
    sweepAtStart: () => started.deliver.sweepAtStart(),
    dynamo,
    /** Takes the emulator down (SES unreachable) until `startSes` brings it back on the same port. */
    async stopSes() {
      ses.closeAllConnections();
      await new Promise((resolve) => ses.close(resolve));
    },
    async startSes() {
      ses = await startEmulator({ host: "127.0.0.1", port: sesPort });
    },
    async close() {
      started.stop();
      await host?.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await proxy.close();
      await storeProxy.close();
      ses.closeAllConnections();
      await new Promise((resolve) => ses.close(resolve));
      await dynamo.close();
    },
  };
}
export type LeadStack = Awaited<ReturnType<typeof startLeadStack>>;

/** A valid lead of each form, sent 5 s after the form opened. */
export const VALID = {
  "send-product-inquiry": {
    name: "Asha Verma",
    email: "asha@example.org",
    mobile: "+91 98765 43210",
    company: "Verma Labs",
    product: "Legalway",
    message: "We would like to buy Legalway for our firm.",
    website: "",
    elapsedMs: 5_000,
  },
  "send-installation-email": {
    name: "Asha Verma",
    email: "asha@example.org",
    mobile: "+91 98765 43210",
    product: "astroway",
    package: "android",
    message: "Please install on our server next week.",
    website: "",
    elapsedMs: 5_000,
  },
  "send-contact-email": {
    name: "Asha Verma",
    email: "asha@example.org",
    mobile: "+91 98765 43210",
    product: "esim",
    subject: "Reseller pricing",
    message: "Do you offer reseller pricing for eSIM?",
    website: "",
    elapsedMs: 5_000,
  },
} as const satisfies Record<LeadFunction, Record<string, unknown>>;

/** The lead a stored mail belongs to, by its X-Lead-Id header. */
export const leadIdOf = (mail: StoredMail) =>
  mail.headers?.find((header) => header.name.toLowerCase() === "x-lead-id")?.value;

/**
 * Polls `check` until it holds, at most `tries` times 100 ms apart (the retry path works on timers); returns whether it
 * held. Tests assert what became true, never how long it took.
 */
export async function eventually(check: () => Promise<boolean>, tries = 150): Promise<boolean> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return check();
}

/**
 * Moves the fake clock from one timer to the next (the retry queue's polls), letting each round of the queue finish
 * before the next, until `done` holds or `limitMs` have passed on it; returns the milliseconds it moved. The caller
 * faked Date and setInterval before starting the stack, so the queue's delays, backoff and polls run on that clock.
 */
export async function advanceUntil(stack: LeadStack, done: () => Promise<boolean>, limitMs: number): Promise<number> {
  const from = Date.now();
  while (!(await done()) && Date.now() - from < limitMs) {
    await vi.advanceTimersToNextTimerAsync();
    await stack.queue.settled();
  }
  return Date.now() - from;
}

/**
 * On a fake clock: SES refuses a lead's mail in its handler and again at the retry queue's first
 * receive, then recovers. Only a queue that gives a failed message back after its backoff (as SQS's visibility
 * timeout) mails it. Reports when each retry came, on the fake clock, from the moment before: the handler's retry
 * waits `LOCAL_MAX_DELAY_SECONDS` (a minute in AWS), the next the first backoff; a queue polls every
 * `LOCAL_QUEUE_DEFAULTS.pollMs`, so a retry comes within one poll after its wait, never before.
 */
export async function retriedTwiceFailedLead(stack: LeadStack, form: LeadFunction, email: string) {
  const submissionId = randomUUID();
  const vendorCopies = async () =>
    (await stack.mails()).filter(
      (mail) => mail.destination.to.includes("hello@example.com") && leadIdOf(mail) === submissionId,
    ).length;
  // Failed and let go: a claim counts the attempt before SES is asked, and the lease stays until the attempt ends.
  const failedAt = async (attempts: number) => {
    const record = await stack.lead(submissionId);
    return record?.status === "failed" && record.attempts === attempts && record.leaseUntil === undefined;
  };
  const onTime = (waitedMs: number, waitMs: number) =>
    waitedMs >= waitMs && waitedMs < waitMs + LOCAL_QUEUE_DEFAULTS.pollMs ? "on time" : `after ${waitedMs} ms`;

  stack.fault("error");
  const { status } = await stack.call(form, { ...VALID[form], email, submissionId });
  const handlerFailed = await failedAt(1);
  const firstRetry = await advanceUntil(stack, () => failedAt(2), 60_000);
  const queueFailed = await failedAt(2);
  stack.fault("pass");
  const secondRetry = await advanceUntil(stack, async () => (await vendorCopies()) > 0, 60_000);
  const stored = await stack.lead(submissionId);
  return {
    status,
    handlerFailed,
    queueFailed,
    firstRetry: onTime(firstRetry, LOCAL_MAX_DELAY_SECONDS * 1000),
    secondRetry: onTime(secondRetry, LOCAL_QUEUE_DEFAULTS.backoffMs),
    vendorCopies: await vendorCopies(),
    lead: { status: stored?.status, attempts: stored?.attempts },
  };
}

/**
 * A lead mailed by the retry queue within seconds (4 on the fake clock: the local delay, then the first backoff), once,
 * with no sweep (it runs every 5 minutes), the lead acknowledged on its third attempt.
 */
export const RETRIED_ONCE = {
  status: 200,
  handlerFailed: true,
  queueFailed: true,
  firstRetry: "on time",
  secondRetry: "on time",
  vendorCopies: 1,
  lead: { status: "acknowledged", attempts: 3 },
};
