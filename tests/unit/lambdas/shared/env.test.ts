import { readSiteContent } from "../../../../build/read-content.ts";
import { describe, expect, test } from "vitest";
import { ConfigError, LEAD_ENV, leadEnvironment, readConfig } from "../../../../lambdas/shared/env.ts";
import { localLambdaEnv } from "../../../../server/lambda-env.ts";

const INPUT = {
  site: {
    name: "Nexaworks Apps",
    url: "https://www.example.com",
    contact: { email: "hello@example.com" },
    leads: { acknowledge: false },
  },
  products: [{ id: "astroway", name: "Astroway", order: 1 }],
  packages: [{ id: "basic", name: "Basic" }],
  senderEmail: "no-reply@example.com",
  region: "eu-west-1",
  leadsTableName: "site-leads",
  leadQueueUrl: "https://sqs.eu-west-1.amazonaws.com/123456789012/site-leads",
};

describe("leadEnvironment", () => {
  test("should build every required variable from content, which readConfig reads back", () => {
    const env = leadEnvironment(INPUT);
    expect(env).toEqual({
      SENDER_EMAIL: "no-reply@example.com",
      RECIPIENT_EMAIL: "hello@example.com",
      AWS_REGION: "eu-west-1",
      SITE_NAME: "Nexaworks Apps",
      SITE_URL: "https://www.example.com",
      LEAD_CATALOGUE: '{"products":[{"id":"astroway","name":"Astroway"}],"packages":[{"id":"basic","name":"Basic"}]}',
      ACKNOWLEDGE_VISITOR: "false",
      LEAD_RETENTION_DAYS: "365",
      LEADS_TABLE_NAME: "site-leads",
      LEAD_QUEUE_URL: "https://sqs.eu-west-1.amazonaws.com/123456789012/site-leads",
    });
    expect(readConfig(env)).toMatchObject({
      recipientEmail: "hello@example.com",
      acknowledgeVisitor: false,
      sesEndpoint: undefined,
      logLevel: "info",
      leadsTableName: "site-leads",
      sesConfigurationSet: undefined,
      ackDailyLimit: 3,
      leadRetentionDays: 365,
    });
    // Visitors are acknowledged unless told not to.
    expect(readConfig({ ...env, ACKNOWLEDGE_VISITOR: undefined }).acknowledgeVisitor).toBe(true);
  });

  test("should take the retention, the optional settings, the SES endpoint and another recipient when given, all of the documented contract", () => {
    const env = leadEnvironment({
      ...INPUT,
      site: { ...INPUT.site, leads: { retentionDays: 90 } },
      sesConfigurationSet: "leads",
      ackDailyLimit: 5,
      sesEndpoint: "http://127.0.0.1:8005",
      recipientEmail: "sales@example.com",
    });
    expect(readConfig(env)).toMatchObject({ leadRetentionDays: 90, sesConfigurationSet: "leads", ackDailyLimit: 5 });
    expect([env.SES_ENDPOINT, env.RECIPIENT_EMAIL]).toEqual(["http://127.0.0.1:8005", "sales@example.com"]);
    for (const name of Object.keys(env)) expect(Object.keys(LEAD_ENV)).toContain(name);
  });
});

describe("readConfig", () => {
  test("should list every missing variable at once, each with what it should hold", () => {
    let error: unknown;
    try {
      readConfig({});
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain("8 environment variables are wrong");
    for (const name of [
      "SENDER_EMAIL",
      "RECIPIENT_EMAIL",
      "AWS_REGION",
      "SITE_NAME",
      "SITE_URL",
      "LEAD_CATALOGUE",
      "LEADS_TABLE_NAME",
      "LEAD_QUEUE_URL",
    ]) {
      expect(message).toContain(`  - ${name} is not set; expected `);
    }
    expect(message).not.toContain("SES_ENDPOINT");
  });

  test("should reject malformed values, naming what was found", () => {
    const env = {
      ...leadEnvironment(INPUT),
      SENDER_EMAIL: "nobody",
      SES_ENDPOINT: "localhost:8005",
      LEAD_CATALOGUE: "{",
      LOG_LEVEL: "loud",
      ACKNOWLEDGE_VISITOR: "yes",
    };
    expect(() => readConfig(env)).toThrow(/SENDER_EMAIL is "nobody", which is not an e-mail address/);
    expect(() => readConfig(env)).toThrow(/SES_ENDPOINT is "localhost:8005", which is not an http\(s\) URL/);
    expect(() => readConfig(env)).toThrow(/LEAD_CATALOGUE is not valid JSON/);
    expect(() => readConfig(env)).toThrow(/LOG_LEVEL is "loud"/);
    expect(() => readConfig(env)).toThrow(/ACKNOWLEDGE_VISITOR is "yes"/);
    expect(() => readConfig({ ...env, LEAD_CATALOGUE: '{"products":[]}' })).toThrow(
      /LEAD_CATALOGUE has no non-empty "products" list/,
    );
    const lead = {
      ...leadEnvironment(INPUT),
      LEAD_QUEUE_URL: "leads",
      ACK_DAILY_LIMIT: "three",
      LEAD_RETENTION_DAYS: "0",
    };
    expect(() => readConfig(lead)).toThrow(/LEAD_QUEUE_URL is "leads", which is not an http\(s\) URL/);
    expect(() => readConfig(lead)).toThrow(/ACK_DAILY_LIMIT is "three"/);
    expect(() => readConfig(lead)).toThrow(/LEAD_RETENTION_DAYS is "0"/);
  });

  test("should pass every optional setting leadEnvironment is given, trimmed, and none it is not", () => {
    const given = leadEnvironment({
      ...INPUT,
      sesEndpoint: "http://127.0.0.1:8005",
      sesConfigurationSet: "leads",
      leadRateLimit: 7,
      dynamoEndpoint: "http://127.0.0.1:8006",
    });
    expect(given).toMatchObject({
      SES_ENDPOINT: "http://127.0.0.1:8005",
      SES_CONFIGURATION_SET: "leads",
      LEAD_RATE_LIMIT: "7",
      DYNAMODB_ENDPOINT: "http://127.0.0.1:8006",
    });
    const padded = Object.fromEntries(Object.entries(given).map(([name, value]) => [name, ` ${value} `]));
    expect(readConfig(padded)).toMatchObject({
      sesEndpoint: "http://127.0.0.1:8005",
      sesConfigurationSet: "leads",
      leadRateLimit: 7,
      dynamoEndpoint: "http://127.0.0.1:8006",
      siteUrl: "https://www.example.com",
    });
    const bare = leadEnvironment({
      ...INPUT,
      sesEndpoint: "",
      leadsTableName: "",
      leadQueueUrl: "",
      dynamoEndpoint: "",
    });
    for (const name of [
      "SES_ENDPOINT",
      "LEADS_TABLE_NAME",
      "LEAD_QUEUE_URL",
      "SES_CONFIGURATION_SET",
      "DYNAMODB_ENDPOINT",
    ])
      expect(bare).not.toHaveProperty(name);
    expect(readConfig(leadEnvironment(INPUT))).toMatchObject({ dynamoEndpoint: undefined, leadWebhook: undefined });
  });

  test("should refuse a URL with anything around it, and an endpoint, a site or a webhook that is not http(s)", () => {
    const env = leadEnvironment(INPUT);
    for (const [name, value] of [
      ["SITE_URL", "see https://www.example.com"],
      ["SITE_URL", "https://www.example.com and more"],
      ["DYNAMODB_ENDPOINT", "127.0.0.1:8006"],
      ["LEAD_WEBHOOK_URL", "hooks.example.com/lead"],
    ] as const)
      expect(() => readConfig({ ...env, [name]: value })).toThrow(`${name} is "${value}", which is not an http(s) URL`);
  });

  test("should post leads to a local webhook by URL, or to the stack's by its secret, never both", () => {
    const env = leadEnvironment(INPUT);
    const arn = "arn:aws:secretsmanager:eu-west-1:123456789012:secret:webhook";
    expect(readConfig({ ...env, LEAD_WEBHOOK_URL: "http://127.0.0.1:9000/lead" }).leadWebhook).toEqual({
      url: "http://127.0.0.1:9000/lead",
    });
    expect(readConfig({ ...env, LEAD_WEBHOOK_SECRET_ARN: arn }).leadWebhook).toEqual({ secretArn: arn });
    expect(() =>
      readConfig({ ...env, LEAD_WEBHOOK_URL: "http://127.0.0.1:9000/lead", LEAD_WEBHOOK_SECRET_ARN: arn }),
    ).toThrow("LEAD_WEBHOOK_URL is set as well as LEAD_WEBHOOK_SECRET_ARN; unset it (it is for local runs only)");
  });

  test("should read each limit as a whole number from its own variable, down to its least value", () => {
    const env = leadEnvironment(INPUT);
    expect(
      readConfig({
        ...env,
        LEAD_RATE_LIMIT: "1",
        ACK_CLIENT_HOURLY_LIMIT: "0",
        SEND_EVENT_WAIT_SECONDS: "90",
        SES_RETRY_PAUSE_MS: "0",
        ACK_DAILY_LIMIT: "0",
        LEAD_RETENTION_DAYS: "1",
      }),
    ).toMatchObject({
      leadRateLimit: 1,
      ackClientHourlyLimit: 0,
      sendEventWaitMs: 90_000,
      sesRetryPauseMs: 0,
      ackDailyLimit: 0,
      leadRetentionDays: 1,
    });
    expect(() => readConfig({ ...env, LEAD_RATE_LIMIT: "0" })).toThrow('LEAD_RATE_LIMIT is "0"');
    expect(() => readConfig({ ...env, ACK_CLIENT_HOURLY_LIMIT: "-1" })).toThrow('ACK_CLIENT_HOURLY_LIMIT is "-1"');
    expect(() => readConfig({ ...env, SEND_EVENT_WAIT_SECONDS: "1.5" })).toThrow('SEND_EVENT_WAIT_SECONDS is "1.5"');
    expect(() => readConfig({ ...env, SES_RETRY_PAUSE_MS: "-5" })).toThrow('SES_RETRY_PAUSE_MS is "-5"');
    expect(readConfig(env).sesRetryPauseMs).toBe(100);
  });

  test("should say how many variables are wrong, in one line each, and where they are built", () => {
    const env = leadEnvironment(INPUT);
    expect(() => readConfig({ ...env, LOG_LEVEL: "loud" })).toThrow(
      new ConfigError(
        `The lead handler cannot start: 1 environment variable is wrong.\n  - LOG_LEVEL is "loud"; expected ${LEAD_ENV.LOG_LEVEL}\nSet them on the function (infra: leadEnvironment() in lambdas/shared/env.ts builds them from content).`,
      ),
    );
    // The log line of a function that cannot start names the error.
    expect(() => readConfig({})).toThrow(expect.objectContaining({ name: "ConfigError" }));
  });

  test("should refuse a catalogue whose lists are not of {id, name}, and keep only those two fields", () => {
    const env = leadEnvironment(INPUT);
    const catalogue = (value: unknown) => readConfig({ ...env, LEAD_CATALOGUE: JSON.stringify(value) }).catalogue;
    const packages = [{ id: "basic", name: "Basic" }];
    for (const products of [[{ id: "a" }], [{ id: "a", name: "A" }, null], [{ id: 1, name: "A" }], "a"])
      expect(() => catalogue({ products, packages })).toThrow(
        'LEAD_CATALOGUE has no non-empty "products" list of {id, name}',
      );
    expect(() => catalogue(null)).toThrow('LEAD_CATALOGUE has no non-empty "products" list');
    expect(catalogue({ products: [{ id: "a", name: "A", order: 2 }], packages })).toEqual({
      products: [{ id: "a", name: "A" }],
      packages,
    });
  });
});

describe("localLambdaEnv", () => {
  test("should configure the handlers from content/ for the local emulator", async () => {
    const config = readConfig(
      await localLambdaEnv({
        sesEndpoint: "http://127.0.0.1:8005",
        dynamoEndpoint: "http://127.0.0.1:8006",
        recipient: "hello@example.com",
      }),
    );
    expect(config.sesEndpoint).toBe("http://127.0.0.1:8005");
    expect([config.dynamoEndpoint, config.leadsTableName, config.leadQueueUrl]).toEqual([
      "http://127.0.0.1:8006",
      "leads",
      "in-process",
    ]);
    expect(config.leadRetentionDays).toBe(365);
    expect(config.catalogue.products).toHaveLength(10);
    expect(config.catalogue.products[0]).toEqual({ id: "astroway", name: "Astroway" });
    expect(config.catalogue.packages.map((p) => p.id)).toEqual(["basic", "android", "complete"]);
  });

  test("should send leads to site.yaml's contact e-mail unless told another inbox", async () => {
    const { site } = await readSiteContent();
    const config = readConfig(
      await localLambdaEnv({ sesEndpoint: "http://127.0.0.1:8005", dynamoEndpoint: "http://127.0.0.1:8006" }),
    );
    expect(config.recipientEmail).toBe(site.contact.email);
  });
});
