import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { type LeadConfig, leadEnvironment, readConfig } from "../../../lambdas/shared/env.ts";
import type { Logger, LogFields } from "../../../lambdas/shared/log.ts";
import type { LeadQueue } from "../../../lambdas/shared/lead-queue.ts";
import type { LeadRecord, RetryMessage } from "../../../lambdas/shared/lead-record.ts";
import { type AckOutcome, isUnmailed, type LeadStore, normaliseAddress } from "../../../lambdas/shared/lead-store.ts";
import { type Mailer, MailerError, type OutgoingMail } from "../../../lambdas/shared/mailer.ts";

/** A configuration as the stack would set it, with a small catalogue. */
export function testConfig(overrides: Partial<LeadConfig> = {}): LeadConfig {
  const env = leadEnvironment({
    site: { name: "Nexaworks Apps", url: "https://www.example.com/", contact: { email: "hello@example.com" } },
    products: [
      { id: "astroway", name: "Astroway" },
      { id: "esim", name: "eSIM" },
      { id: "legalway", name: "Legalway" },
    ],
    packages: [
      { id: "basic", name: "Basic" },
      { id: "android", name: "Android" },
      { id: "complete", name: "Complete" },
    ],
    senderEmail: "no-reply@example.com",
    region: "us-east-1",
    leadsTableName: "leads",
    leadQueueUrl: "https://sqs.us-east-1.amazonaws.com/123456789012/leads",
  });
  return { ...readConfig(env), ...overrides };
}

/** A mailer that keeps what it is given; `failOn` makes the n-th send (1-based) throw a MailerError. */
export function fakeMailer(failOn: number[] = []): Mailer & { sent: OutgoingMail[]; timeouts: number[] } {
  const sent: OutgoingMail[] = [];
  const timeouts: number[] = [];
  let calls = 0;
  return {
    sent,
    timeouts,
    async send(mail, { timeoutMs }) {
      calls += 1;
      timeouts.push(timeoutMs);
      if (failOn.includes(calls))
        throw new MailerError("refused", { cause: Object.assign(new Error("refused"), { code: "Throttling" }) });
      sent.push(mail);
      return { messageId: `m${calls}` };
    },
  };
}

/** A logger that keeps every line, with its level. */
export function memoryLogger(): Logger & { lines: Array<LogFields & { level: string }> } {
  const lines: Array<LogFields & { level: string }> = [];
  const at = (level: string) => (fields: LogFields) => lines.push({ level, ...fields });
  return { lines, debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}

/** A Lambda function URL event carrying a JSON body. */
export function postEvent(body: unknown): APIGatewayProxyEventV2 {
  return {
    version: "2.0",
    routeKey: "$default",
    rawPath: "/",
    rawQueryString: "",
    headers: { "content-type": "application/json" },
    requestContext: { http: { method: "POST" }, requestId: "req-1" },
    body: JSON.stringify(body),
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEventV2;
}

/**
 * A lead store in memory with the DynamoDB store's rules (conditional put, lease, open statuses, daily counter), so
 * the handler's unit tests see the same outcomes; the DynamoDB store itself is tested against dynalite.
 */
export function memoryStore(): LeadStore & {
  records: Map<string, LeadRecord & { leaseUntil?: number; acknowledgement?: AckOutcome | "pending" }>;
  failPut?: boolean;
} {
  const records = new Map<string, LeadRecord & { leaseUntil?: number; acknowledgement?: AckOutcome | "pending" }>();
  const counters = new Map<string, number>();
  const claimants = new Map<string, string>();
  /** Counts one under `key`; false (and nothing counted) once `limit` is reached. */
  const count = (key: string, limit: number) => {
    const counted = counters.get(key) ?? 0;
    if (counted >= limit) return false;
    counters.set(key, counted + 1);
    return true;
  };
  const open = (record: LeadRecord | undefined) => record?.status === "received" || record?.status === "failed";
  const store = {
    records,
    failPut: false as boolean | undefined,
    async put(record: LeadRecord) {
      if (store.failPut) throw Object.assign(new Error("table down"), { name: "ServiceUnavailable" });
      if (records.has(record.submissionId)) return "duplicate" as const;
      records.set(record.submissionId, structuredClone(record));
      return "stored" as const;
    },
    async get(id: string) {
      const record = records.get(id);
      return record ? structuredClone(record) : undefined;
    },
    async claim(id: string, leaseMs: number, now: Date, quietSince: Date) {
      const record = records.get(id);
      const claimable = open(record) || (record?.status === "unknown" && record.updatedAt < quietSince.toISOString());
      if (!record || !claimable || (record.leaseUntil ?? 0) >= now.getTime()) return undefined;
      Object.assign(record, {
        leaseUntil: now.getTime() + leaseMs,
        attempts: record.attempts + 1,
        updatedAt: now.toISOString(),
      });
      return structuredClone(record);
    },
    async markMailed(id: string, now: Date) {
      const record = records.get(id);
      if (!record || !isUnmailed(record.status)) return undefined;
      const before = structuredClone(record);
      Object.assign(record, { status: "mailed", updatedAt: now.toISOString(), leaseUntil: undefined });
      return before;
    },
    async markFailed(id: string, code: string, now: Date) {
      const record = records.get(id);
      if (!record || !isUnmailed(record.status)) return false;
      Object.assign(record, {
        status: "failed",
        lastError: code,
        updatedAt: now.toISOString(),
        leaseUntil: undefined,
      });
      return true;
    },
    async markUnknown(id: string, code: string, now: Date) {
      const record = records.get(id);
      if (!record || !isUnmailed(record.status)) return false;
      Object.assign(record, {
        status: "unknown",
        lastError: code,
        updatedAt: now.toISOString(),
        leaseUntil: undefined,
      });
      return true;
    },
    async release(id: string, now: Date) {
      const record = records.get(id);
      if (record?.leaseUntil !== undefined && record.attempts > 0)
        Object.assign(record, { attempts: record.attempts - 1, updatedAt: now.toISOString(), leaseUntil: undefined });
    },
    async claimFollowUp(id: string, now: Date, claimant: string) {
      const record = records.get(id);
      const mine = record?.acknowledgement === "pending" && claimants.get(id) === claimant;
      if (record?.status !== "mailed" || (record.acknowledgement !== undefined && !mine)) return false;
      Object.assign(record, { acknowledgement: "pending", updatedAt: now.toISOString() });
      claimants.set(id, claimant);
      return true;
    },
    async markAcknowledgement(id: string, outcome: AckOutcome, now: Date) {
      const record = records.get(id);
      if (record?.status === "mailed")
        Object.assign(record, {
          acknowledgement: outcome,
          updatedAt: now.toISOString(),
          ...(outcome === "sent" ? { status: "acknowledged" } : {}),
        });
    },
    countAcknowledgement: async (address: string, limit: number, now: Date) =>
      count(`${normaliseAddress(address)}#${now.toISOString().slice(0, 10)}`, limit),
    countClientAcknowledgement: async (client: string, limit: number, now: Date) =>
      count(`client#${client}#${now.toISOString().slice(0, 13)}`, limit),
    async dropPhantom() {},
    async *list(since: Date) {
      const all = [...records.values()]
        .filter((r) => r.receivedAt >= since.toISOString())
        .sort((a, b) => b.receivedAt.localeCompare(a.receivedAt));
      for (const record of all) yield structuredClone(record);
    },
  };
  return store;
}

/** A retry queue that keeps what it is given. */
export function memoryQueue(): LeadQueue & { messages: Array<RetryMessage & { delaySeconds: number }> } {
  const messages: Array<RetryMessage & { delaySeconds: number }> = [];
  return {
    messages,
    async enqueue(message, delaySeconds) {
      messages.push({ ...message, delaySeconds });
    },
  };
}
