import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { describe, expect, test } from "vitest";
import { ConfigError } from "../../../../lambdas/shared/env.ts";
import { fromOrigin, loadOriginVerify, ORIGIN_VERIFY_HEADER } from "../../../../lambdas/shared/origin-verify.ts";

const VALUE = "Q".repeat(32) + "7".repeat(32);
const ARN = "arn:aws:secretsmanager:us-east-1:123456789012:secret:OriginVerifySecret-AbCdEf";
const withHeaders = (headers: Record<string, string> | undefined) =>
  ({ headers, requestContext: { http: { method: "POST" } } }) as unknown as APIGatewayProxyEventV2;

describe("loadOriginVerify", () => {
  test("should require nothing when neither ORIGIN_VERIFY nor ORIGIN_VERIFY_SECRET_ARN is set (npm start, tests)", async () => {
    const read = async () => {
      throw new Error("must not be asked");
    };
    expect(await loadOriginVerify({}, "us-east-1", read)).toBeUndefined();
    expect(
      await loadOriginVerify({ ORIGIN_VERIFY: " ", ORIGIN_VERIFY_SECRET_ARN: "" }, "us-east-1", read),
    ).toBeUndefined();
  });

  test("should read the secret the stack names, once, by its ARN", async () => {
    const asked: string[] = [];
    const value = await loadOriginVerify({ ORIGIN_VERIFY_SECRET_ARN: ARN }, "us-east-1", async (arn) => {
      asked.push(arn);
      return VALUE;
    });
    expect([value, asked]).toEqual([VALUE, [ARN]]);
  });

  test("should take a value given directly, for local runs", async () => {
    expect(await loadOriginVerify({ ORIGIN_VERIFY: ` ${VALUE}\n` }, "us-east-1")).toBe(VALUE);
  });

  test("should refuse to start with a short or empty value rather than accept every request", async () => {
    await expect(loadOriginVerify({ ORIGIN_VERIFY: "short" }, "us-east-1")).rejects.toThrow(
      new ConfigError("The subscribe function cannot start: ORIGIN_VERIFY holds 5 characters; expected at least 32."),
    );
    await expect(
      loadOriginVerify({ ORIGIN_VERIFY_SECRET_ARN: ARN }, "us-east-1", async () => undefined),
    ).rejects.toThrow(/the secret ORIGIN_VERIFY_SECRET_ARN names holds 0 characters/);
  });
});

describe("fromOrigin", () => {
  test("should accept the exact value under the header, whatever the header name's case", () => {
    expect(fromOrigin(withHeaders({ [ORIGIN_VERIFY_HEADER]: VALUE }), VALUE)).toBe(true);
    expect(fromOrigin(withHeaders({ "X-Origin-Verify": VALUE }), VALUE)).toBe(true);
  });

  test("should refuse a missing header, an empty one, a wrong value, a prefix, a longer value and another case", () => {
    const cases: Array<Record<string, string> | undefined> = [
      undefined,
      {},
      { [ORIGIN_VERIFY_HEADER]: "" },
      { [ORIGIN_VERIFY_HEADER]: VALUE.replace("Q", "R") },
      { [ORIGIN_VERIFY_HEADER]: VALUE.slice(0, -1) },
      { [ORIGIN_VERIFY_HEADER]: `${VALUE}x` },
      { [ORIGIN_VERIFY_HEADER]: VALUE.toLowerCase() },
      // A viewer's own header that CloudFront passed along beside its own: joined with a comma, never equal.
      { [ORIGIN_VERIFY_HEADER]: `guess,${VALUE}` },
      { "cloudfront-viewer-address": "203.0.113.7:443" },
    ];
    for (const headers of cases) {
      expect(fromOrigin(withHeaders(headers), VALUE), JSON.stringify(headers)).toBe(false);
    }
  });
});
