import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Signed webhook posts, in the style of Stripe's and GitHub's: each post carries `X-Lead-Signature: t=<unix
 * seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` under a secret shared with the receiver (in AWS the Secrets
 * Manager secret LeadWebhookSigningSecret, locally .data/webhook-signing-secret). The timestamp is inside the MAC, so
 * a receiver that refuses old timestamps refuses a replayed post too. The verifier below is the one docs/deploy.md
 * shows receivers (tests/unit/lambdas/shared/lead-webhook.test.ts checks the two are the same text); it takes every
 * `v1=` of the header, so a secret can be rotated by signing with both for a while.
 */

export const SIGNATURE_HEADER = "X-Lead-Signature";

/** The header's value for `body` (exactly the bytes posted) signed at `unixSeconds`. */
export function signatureHeader(body: string, secret: string, unixSeconds: number): string {
  const mac = createHmac("sha256", secret).update(`${unixSeconds}.${body}`, "utf8").digest("hex");
  return `t=${unixSeconds},v1=${mac}`;
}

export function verifyLeadWebhook(
  rawBody: string,
  header: string | null | undefined,
  secret: string,
  nowMs = Date.now(),
  toleranceSeconds = 300,
): boolean {
  const parts = (header ?? "").split(",").map((part) => part.trim().split("="));
  const t = Number(parts.find(([key]) => key === "t")?.[1]);
  if (!Number.isInteger(t) || Math.abs(nowMs / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac("sha256", secret).update(`${t}.${rawBody}`, "utf8").digest();
  return parts.some(
    ([key, value]) =>
      key === "v1" && /^[0-9a-f]{64}$/.test(value ?? "") && timingSafeEqual(Buffer.from(value ?? "", "hex"), expected),
  );
}
