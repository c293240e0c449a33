import { describe, expect, test } from "vitest";
import { ConfigError, readConfig } from "../../../../lambdas/shared/env.ts";
import { testConfig } from "../fakes.ts";

describe("readConfig's errors", () => {
  const valid = () => {
    const config = testConfig();
    return {
      SENDER_EMAIL: config.senderEmail,
      RECIPIENT_EMAIL: config.recipientEmail,
      AWS_REGION: "us-east-1",
      SITE_NAME: "Nexaworks Apps",
      SITE_URL: "https://www.example.com/",
      LEAD_CATALOGUE: JSON.stringify(config.catalogue),
      LEADS_TABLE_NAME: "leads",
      LEAD_QUEUE_URL: "in-process",
    };
  };

  test("should name itself ConfigError in the log line of a function that cannot start", () => {
    const error = (() => {
      try {
        readConfig({});
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).name).toBe("ConfigError");
    expect(String(error)).toMatch(/^ConfigError: /);
  });

  test("should refuse a local store endpoint that is not an http(s) URL", () => {
    expect(() => readConfig({ ...valid(), DYNAMODB_ENDPOINT: "localhost:5301" })).toThrow(
      'DYNAMODB_ENDPOINT is "localhost:5301", which is not an http(s) URL',
    );
    expect(readConfig({ ...valid(), DYNAMODB_ENDPOINT: "http://127.0.0.1:5301" }).dynamoEndpoint).toBe(
      "http://127.0.0.1:5301",
    );
  });
});
