import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { type LeadConfig, leadEnvironment, readConfig } from "../../../lambdas/shared/env.ts";
import type { Logger, LogFields } from "../../../lambdas/shared/log.ts";
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
  });
  return { ...readConfig(env), ...overrides };
}

/** A mailer that keeps what it is given; `failOn` makes the n-th send (1-based) throw a MailerError. */
export function fakeMailer(failOn: number[] = []): Mailer & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  let calls = 0;
  return {
    sent,
    async send(mail) {
      calls += 1;
      if (failOn.includes(calls)) throw new MailerError("refused", { cause: Object.assign(new Error("refused"), { code: "Throttling" }) });
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
