import { SESv2Client, SendEmailCommand } from "@aws-sdk/client-sesv2";
import { type Mailer, MailerError } from "./mailer.ts";

/**
 * The newsletter's mails carry `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058), which only SES v2's
 * SendEmail sets on a simple message; SES still builds the MIME message, so no header is assembled from text here.
 * One attempt within the caller's time: a mail that fails goes to the retry queue like any lead's.
 */
export function createSesListMailer({ region, endpoint, configurationSet }: { region: string; endpoint?: string; configurationSet?: string }): Mailer {
  const client = new SESv2Client({ region, endpoint, maxAttempts: 1, requestHandler: { connectionTimeout: 2_000, requestTimeout: 8_000, throwOnRequestTimeout: true } });
  const content = (data: string) => ({ Data: data.toWellFormed(), Charset: "UTF-8" });
  return {
    async send(mail, { timeoutMs }) {
      try {
        const result = await client.send(
          new SendEmailCommand({
            FromEmailAddress: mail.from,
            Destination: { ToAddresses: [mail.to] },
            ReplyToAddresses: [mail.replyTo],
            Content: {
              Simple: {
                Subject: content(mail.subject),
                Body: { Html: content(mail.html), Text: content(mail.text) },
                Headers: Object.entries(mail.headers ?? {}).map(([Name, Value]) => ({ Name, Value })),
              },
            },
            ConfigurationSetName: configurationSet,
          }),
          { abortSignal: AbortSignal.timeout(Math.max(1, timeoutMs)) },
        );
        return { messageId: result.MessageId ?? "" };
      } catch (cause) {
        throw new MailerError("SES did not accept the mail", { cause });
      }
    },
  };
}

/** Sends a mail with extra headers through `list`, every other mail through `base`. */
export function withListMail(base: Mailer, list: Mailer): Mailer {
  return { send: (mail, options) => (mail.headers ? list : base).send(mail, options) };
}
