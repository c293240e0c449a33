import { SESClient, SendEmailCommand } from "@aws-sdk/client-ses";

/** One e-mail: a single recipient, a single Reply-To, both bodies. */
export interface OutgoingMail {
  from: string;
  to: string;
  replyTo: string;
  subject: string;
  html: string;
  text: string;
}

/** What sends mail; the handlers get it as a parameter so tests can pass a fake. */
export interface Mailer {
  /** @throws MailerError when the mail was not accepted (after the SDK's own retries). */
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
}

/** The mail service did not take the mail. `code` is safe to log (an error name or a network code, no addresses). */
export class MailerError extends Error {
  override name = "MailerError";
  readonly code: string;
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.code = errorCode(options.cause);
  }
}

function errorCode(cause: unknown): string {
  if (!(cause instanceof Error)) return typeof cause;
  const code = (cause as Error & { code?: unknown }).code;
  if (typeof code === "string" && code) return code;
  const inner = cause.cause;
  if (inner instanceof Error && typeof (inner as Error & { code?: unknown }).code === "string") return String((inner as Error & { code: string }).code);
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
}

/**
 * Sends through Amazon SES (SendEmail: SES builds the MIME message, so no header is ever assembled from text here).
 * Timeouts are short and attempts few, so a failure is answered well within the browser's 15 s limit.
 */
export function createSesMailer({ region, endpoint }: SesMailerOptions): Mailer {
  const client = new SESClient({
    region,
    endpoint,
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 2_000, requestTimeout: 4_000 },
  });
  return {
    async send(mail) {
      const content = (data: string) => ({ Data: data, Charset: "UTF-8" });
      try {
        const result = await client.send(
          new SendEmailCommand({
            Source: mail.from,
            Destination: { ToAddresses: [mail.to] },
            ReplyToAddresses: [mail.replyTo],
            Message: { Subject: content(mail.subject), Body: { Html: content(mail.html), Text: content(mail.text) } },
          }),
        );
        return { messageId: result.MessageId ?? "" };
      } catch (cause) {
        throw new MailerError("SES did not accept the mail", { cause });
      }
    },
  };
}
