import { SendEmailCommand, SESv2Client } from "@aws-sdk/client-sesv2";
import { LEAD_DEFAULTS } from "./env.ts";

/** One e-mail: a single recipient, a single Reply-To, both bodies. */
export interface OutgoingMail {
  from: string;
  to: string;
  replyTo: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers, made by our own code from ids (never from a visitor's text), e.g. X-Lead-Id or List-Unsubscribe. */
  headers?: ReadonlyArray<{ name: string; value: string }>;
  /** SES message tags, carried into the configuration set's events, e.g. which mail of a lead this is. */
  tags?: Readonly<Record<string, string>>;
}

/** What sends mail; the handlers get it as a parameter so tests can pass a fake. */
export interface Mailer {
  /**
   * Sends one mail within `timeoutMs`, retrying a transient failure only while time is left.
   * @throws MailerError when the mail was not accepted in time.
   */
  send(mail: OutgoingMail, options: { timeoutMs: number }): Promise<{ messageId: string }>;
}

/**
 * Why a mail is not known to be sent. refused: SES (or the network before it) did not take it; unclear: SES did not
 * answer within the attempt, so it may have taken it (its send event will tell); not-attempted: the mailer could not
 * even ask (no credentials, no region), a problem of configuration that must not cost the lead an attempt.
 */
export type MailFailure = "refused" | "unclear" | "not-attempted";

/** The mail service did not take the mail. `code` is safe to log (an error name or a network code, no addresses). */
export class MailerError extends Error {
  override name = "MailerError";
  readonly code: string;
  readonly failure: MailFailure;
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.code = errorCode(options.cause);
    this.failure = failureOf(options.cause);
  }
}

/** Errors of the SDK's own set-up: the request was never sent. */
const NOT_ATTEMPTED =
  /^(CredentialsProviderError|ConfigError|TokenProviderError)$|Region is missing|Could not load credentials/;

/** Network codes of a connection that failed or was dropped: no answer was pending, the mail was not taken. */
const CONNECTION_LOST = new Set(["ECONNRESET", "ECONNREFUSED", "EPIPE", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH"]);

function failureOf(cause: unknown): MailFailure {
  if (!(cause instanceof Error)) return "refused";
  if (NOT_ATTEMPTED.test(cause.name) || NOT_ATTEMPTED.test(cause.message)) return "not-attempted";
  const code = (cause as Error & { code?: unknown }).code;
  // The SDK names a dropped connection a TimeoutError too; its code tells the two apart.
  if (typeof code === "string" && CONNECTION_LOST.has(code)) return "refused";
  return code === "DeadlineExceeded" || /Timeout|Abort/i.test(cause.name) ? "unclear" : "refused";
}

function errorCode(cause: unknown): string {
  if (!(cause instanceof Error)) return typeof cause;
  const code = (cause as Error & { code?: unknown }).code;
  if (typeof code === "string" && code) return code;
  const inner = cause.cause;
  if (inner instanceof Error && typeof (inner as Error & { code?: unknown }).code === "string")
    return String((inner as Error & { code: string }).code);
  return cause.name;
}

/**
 * `Name <address>` for the From header. A name outside printable ASCII, or with quotes or backslashes, is sent as an
 * RFC 2047 encoded word so that no mail client misreads it.
 */
export function formatAddress(name: string, address: string): string {
  if (!name) return address;
  if (/^[\x20-\x7e]*$/.test(name) && !/["\\]/.test(name)) return `"${name}" <${address}>`;
  return `=?UTF-8?B?${Buffer.from(name, "utf8").toString("base64")}?= <${address}>`;
}

export interface SesMailerOptions {
  region: string;
  /** The SES emulator's URL for local runs; production leaves it undefined. */
  endpoint?: string;
  /** SES configuration set that publishes send events, bounces and complaints; unset sends without one. */
  configurationSet?: string;
  /** Fixed credentials (the local emulator's); unset reads the SDK's default chain, as Lambda does. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** The first pause before a transient failure is tried again; the next one doubles (config `sesRetryPauseMs`). */
  retryPauseMs?: number;
}

/**
 * The longest single attempt. A timed-out attempt is ambiguous (SES may have taken the mail and answered late), and
 * every retry after one risks a second copy, so an attempt gets all the time the caller has, up to this.
 */
export const ATTEMPT_MS = 8_000;
/** Tries per send: the lead is stored, so a mail SES keeps refusing goes to the retry queue rather than keep the visitor waiting. */
const MAX_TRIES = 3;
/** A retry is worth starting only with at least this much time left. */
const MIN_RETRY_MS = 750;

/**
 * Sends through Amazon SES v2 (SendEmail with simple content: SES builds the MIME message, so no header is ever
 * assembled from text here; the few headers we add are named fields built from ids).
 *
 * Hardened after three ways a lead was lost: every attempt has its own abort deadline and the whole send a hard
 * one, so a hanging endpoint cannot outlive the caller's budget (the SDK's requestTimeout alone only warns); the SDK
 * does not retry on its own, we do, and only while time is left; and after any error that is not an answer from
 * SES (a network error, a timeout, an exception inside the SDK such as the query serializer's URIError) the client
 * is replaced, because such an error can leave state behind that breaks the next mail on this warm container.
 * Text is made well-formed (`toWellFormed`) as a backstop: the schemas already reject lone surrogates.
 */
export function createSesMailer({
  region,
  endpoint,
  configurationSet,
  credentials,
  retryPauseMs = LEAD_DEFAULTS.sesRetryPauseMs,
}: SesMailerOptions): Mailer {
  const newClient = () =>
    new SESv2Client({
      region,
      endpoint,
      credentials,
      maxAttempts: 1,
      requestHandler: { connectionTimeout: 2_000, requestTimeout: ATTEMPT_MS, throwOnRequestTimeout: true },
    });
  let client = newClient();

  const attempt = async (mail: OutgoingMail, timeoutMs: number): Promise<{ messageId: string }> => {
    const used = client;
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(deadlineExceeded(`SES did not answer within ${timeoutMs} ms`));
      }, timeoutMs);
    });
    try {
      const command = sendEmailCommand(mail, configurationSet);
      const result = await Promise.race([used.send(command, { abortSignal: controller.signal }), expired]);
      return { messageId: result.MessageId ?? "" };
    } catch (error) {
      if (!isServiceAnswer(error) && client === used) {
        client = newClient();
        // Other sends may still be using the old client; let them finish before its sockets close.
        setTimeout(() => used.destroy(), 2 * ATTEMPT_MS).unref();
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    async send(mail, { timeoutMs }) {
      const deadline = performance.now() + timeoutMs;
      for (let tries = 0; ; tries++) {
        const left = deadline - performance.now();
        try {
          if (left <= 0) throw deadlineExceeded("No time left to send the mail");
          return await attempt(mail, Math.min(ATTEMPT_MS, left));
        } catch (cause) {
          const pause = retryPauseMs * 2 ** tries;
          if (!isTransient(cause) || tries + 1 >= MAX_TRIES || deadline - performance.now() < pause + MIN_RETRY_MS)
            throw new MailerError("SES did not accept the mail", { cause });
          await new Promise((resolve) => setTimeout(resolve, pause));
        }
      }
    },
  };
}

const deadlineExceeded = (message: string) =>
  Object.assign(new Error(message), { name: "TimeoutError", code: "DeadlineExceeded" });

function sendEmailCommand(mail: OutgoingMail, configurationSet: string | undefined): SendEmailCommand {
  const content = (data: string) => ({ Data: data.toWellFormed(), Charset: "UTF-8" });
  return new SendEmailCommand({
    FromEmailAddress: mail.from.toWellFormed(),
    Destination: { ToAddresses: [mail.to.toWellFormed()] },
    ReplyToAddresses: [mail.replyTo.toWellFormed()],
    Content: {
      Simple: {
        Subject: content(mail.subject),
        Body: { Html: content(mail.html), Text: content(mail.text) },
        Headers: mail.headers?.map(({ name, value }) => ({ Name: name, Value: value })),
      },
    },
    EmailTags: mail.tags && Object.entries(mail.tags).map(([Name, Value]) => ({ Name, Value })),
    ConfigurationSetName: configurationSet,
  });
}

interface ServiceErrorShape {
  $fault?: unknown;
  $metadata?: { httpStatusCode?: number };
  name?: unknown;
}

/** True when SES itself answered with an error (the SDK parsed a response): the client is healthy. */
function isServiceAnswer(error: unknown): boolean {
  const shape = error as ServiceErrorShape | null;
  return (
    typeof shape === "object" &&
    shape !== null &&
    (shape.$fault === "client" || shape.$fault === "server") &&
    typeof shape.$metadata?.httpStatusCode === "number"
  );
}

const PERMANENT = new Set([
  "MessageRejected",
  "MailFromDomainNotVerifiedException",
  "NotFoundException",
  "SendingPausedException",
  "AccountSuspendedException",
  "BadRequestException",
]);

/**
 * Worth another try within the same call: throttling, a 5xx, a dropped connection. A refusal is not, and neither is a
 * timeout: an endpoint that did not answer in 4 s will not in the next second, and the retry queue waits longer.
 */
function isTransient(error: unknown): boolean {
  const shape = error as ServiceErrorShape | null;
  if (typeof shape !== "object" || shape === null) return false;
  const name = typeof shape.name === "string" ? shape.name : "";
  if (PERMANENT.has(name) || /Timeout|Abort/i.test(name) || (error as { code?: unknown }).code === "DeadlineExceeded")
    return false;
  if (NOT_ATTEMPTED.test(name)) return false;
  if (isServiceAnswer(error))
    return (
      shape.$fault === "server" || /Throttl|TooManyRequests/i.test(name) || shape.$metadata?.httpStatusCode === 429
    );
  return !(error instanceof URIError || error instanceof TypeError);
}
