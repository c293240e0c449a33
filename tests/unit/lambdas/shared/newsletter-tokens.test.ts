import { createHmac } from "node:crypto";
import { describe, expect, test } from "vitest";
import {
  newTokenRequest,
  signConfirmToken,
  signUnsubscribeToken,
  subscriberKey,
  verifyConfirmToken,
  verifyUnsubscribeToken,
} from "../../../../lambdas/shared/newsletter-tokens.ts";

const SECRET = "k".repeat(64);
const EMAIL = "reader@example.org";
const DAY = 86_400_000;

describe("newsletter tokens", () => {
  const issued = new Date("2026-11-01T10:00:00.000Z");
  const request = newTokenRequest(issued);

  test("should key one subscriber however the address's case and spaces are written", () => {
    expect(subscriberKey("  Asha@Example.ORG ")).toBe(subscriberKey("asha@example.org"));
    expect(subscriberKey("asha@example.org")).toMatch(/^[0-9a-f]{64}$/);
    expect(subscriberKey("asha@example.org")).not.toBe(subscriberKey("asha@example.net"));
  });

  test("should give each request of one address its own links", () => {
    const other = newTokenRequest(issued);
    expect(signConfirmToken(SECRET, EMAIL, request)).not.toBe(signConfirmToken(SECRET, EMAIL, other));
    expect(signUnsubscribeToken(SECRET, EMAIL, request)).not.toBe(signUnsubscribeToken(SECRET, EMAIL, other));
  });

  test("should accept a confirm link for 7 days after its request and not a second longer", () => {
    const token = signConfirmToken(SECRET, EMAIL, request);
    const at = (ms: number) => verifyConfirmToken(SECRET, token, new Date(issued.getTime() + ms));
    expect(at(0)).toEqual({ key: subscriberKey(EMAIL), ...request });
    expect(at(7 * DAY)).toBeDefined();
    expect(at(7 * DAY + 1_000)).toBeUndefined();
    // Nor one dated in the future (its time cannot have been changed without the secret, but the clock can be wrong).
    expect(at(-1_000)).toBeUndefined();
  });

  test("should refuse a confirm link whose time or nonce was changed, and either purpose as the other", () => {
    const token = signConfirmToken(SECRET, EMAIL, request);
    const [key, nonce, time, mac] = token.split(".");
    const later = `${key}.${nonce}.${Number(time) + DAY}.${mac}`;
    expect(verifyConfirmToken(SECRET, later, issued)).toBeUndefined();
    expect(verifyConfirmToken(SECRET, `${key}.${"A".repeat(22)}.${time}.${mac}`, issued)).toBeUndefined();
    expect(verifyUnsubscribeToken(SECRET, token)).toBeUndefined();
    expect(verifyConfirmToken(SECRET, signUnsubscribeToken(SECRET, EMAIL, request), issued)).toBeUndefined();
  });

  test("should read an unsubscribe link mailed before nonces as one for a subscriber stored before them", () => {
    const key = subscriberKey(EMAIL);
    const legacy = `${key}.${createHmac("sha256", SECRET).update(`unsubscribe\n${key}`).digest("base64url")}`;
    expect(verifyUnsubscribeToken(SECRET, legacy)).toEqual({ key, nonce: undefined });
    const legacyConfirm = `${key}.${createHmac("sha256", SECRET).update(`confirm\n${key}`).digest("base64url")}`;
    expect(verifyConfirmToken(SECRET, legacyConfirm, issued)).toBeUndefined();
    expect(verifyUnsubscribeToken(SECRET, signUnsubscribeToken(SECRET, EMAIL, request))).toEqual({
      key,
      nonce: request.nonce,
    });
  });
});
