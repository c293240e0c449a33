import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ORIGIN_VERIFY_HEADER } from "../../../src/lib/newsletter.ts";
import { type LeadStack, startLeadStack } from "./harness.ts";

/**
 * The subscribe function configured as the stack configures it (a verify value expected), through its real handler
 * module and the local server's Lambda adapter: a direct call is refused, CloudFront's request (with the header) is
 * served. newsletter.test.ts runs the same module without the setting, as `npm start` does.
 */
const VALUE = "cloudfront0only".repeat(5);
let stack: LeadStack;

beforeAll(async () => {
  stack = await startLeadStack({ env: { ORIGIN_VERIFY: VALUE } });
});
afterAll(async () => {
  await stack?.close();
});

const subscribe = (headers: Record<string, string>) =>
  stack.request("subscribe", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ email: "direct@example.org", website: "", elapsedMs: 4_000 }),
  });

describe("the subscribe function behind CloudFront's origin-verify header", () => {
  test("refuses a direct call with 403 and a short message, stores and mails nothing, forged viewer address or not", async () => {
    const direct: Array<Record<string, string>> = [
      {},
      { [ORIGIN_VERIFY_HEADER]: VALUE.slice(1) },
      { "cloudfront-viewer-address": "203.0.113.7:443" },
    ];
    for (const headers of direct) {
      const answer = await subscribe(headers);
      expect(answer.status).toBe(403);
      expect(await answer.json()).toEqual({
        success: false,
        error: "Forbidden: this API answers only requests sent through the site",
      });
    }
    const unsubscribe = await stack.request("unsubscribe?token=x", {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
    });
    expect([unsubscribe.status, await unsubscribe.text()]).toEqual([
      403,
      JSON.stringify({ success: false, error: "Forbidden: this API answers only requests sent through the site" }),
    ]);
    expect(await stack.mails()).toEqual([]);
    expect(await stack.leads()).toEqual([]);
  });

  test("serves a request that carries the header, as CloudFront sends it", async () => {
    const answer = await subscribe({ [ORIGIN_VERIFY_HEADER]: VALUE });
    expect(answer.status).toBe(200);
    expect((await stack.mails()).map((mail) => mail.destination.to)).toEqual([["direct@example.org"]]);
  });
});
