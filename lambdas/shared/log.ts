import type { LogLevel } from "./env.ts";

/**
 * Structured logs: one JSON line per event with the function, the request id, the outcome and the duration. Callers
 * pass only fields that are safe at info level: never a visitor's message, e-mail address or phone number.
 */
export interface LogFields {
  requestId?: string;
  /** What happened: stored, sent, queued, duplicate, invalid, spam, mail-failed, ack-failed, ack-limited, error … */
  outcome: string;
  status?: number;
  durationMs?: number;
  /** The field whose check failed (its name, never its value). */
  field?: string;
  /** Error class or code, e.g. MessageRejected, ECONNREFUSED. */
  error?: string;
  messageId?: string;
  /** The lead's id (a UUID: no personal data). */
  submissionId?: string;
  /** Why a lead went to the spam folder: honeypot, too-fast, rate-limited. */
  reason?: string;
  /** Attempts to mail the vendor so far. */
  attempts?: number;
  /** How many leads a sweep or replay touched. */
  count?: number;
  /** Only at error level, for bugs of our own. */
  stack?: string;
}

export interface Logger {
  debug(fields: LogFields): void;
  info(fields: LogFields): void;
  warn(fields: LogFields): void;
  error(fields: LogFields): void;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/**
 * @param fn the function name every line carries, e.g. "send-contact-email".
 * @param write where a line goes; stdout (which Lambda sends to CloudWatch) unless a test captures it.
 */
export function createLogger(
  fn: string,
  level: LogLevel = "info",
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Logger {
  const at = (lineLevel: Exclude<LogLevel, "silent">) => (fields: LogFields) => {
    if (RANK[lineLevel] < RANK[level]) return;
    write(JSON.stringify({ level: lineLevel, time: new Date().toISOString(), function: fn, ...fields }));
  };
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}
