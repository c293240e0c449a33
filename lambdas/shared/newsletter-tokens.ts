import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/**
 * The newsletter's signed links. A token names a subscriber by the hash of their address (so no address appears in a
 * URL, a log or a browser history) and carries an HMAC-SHA256 of that hash and the link's purpose under the stack's
 * secret: a confirm link cannot be turned into an unsubscribe link, and without the secret no link can be forged
 * for an address or guessed for another.
 */

export type TokenPurpose = "confirm" | "unsubscribe";

/** The subscriber's key: SHA-256 of the trimmed, lower-cased address, hex. */
export function subscriberKey(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
}

const mac = (secret: string, purpose: TokenPurpose, key: string) =>
  createHmac("sha256", secret).update(`${purpose}\n${key}`).digest("base64url");

/** `<key>.<mac>`: 64 hex characters, a dot, 43 base64url characters. */
export function signToken(secret: string, purpose: TokenPurpose, email: string): string {
  const key = subscriberKey(email);
  return `${key}.${mac(secret, purpose, key)}`;
}

const TOKEN = /^([0-9a-f]{64})\.([A-Za-z0-9_-]{43})$/;

/**
 * Checks a token from a link. Compares in constant time.
 * @returns the subscriber's key, or undefined for anything that is not a token this secret signed for this purpose.
 */
export function verifyToken(secret: string, purpose: TokenPurpose, token: unknown): string | undefined {
  if (typeof token !== "string") return undefined;
  const match = TOKEN.exec(token);
  if (!match) return undefined;
  const [, key = "", given = ""] = match;
  const expected = Buffer.from(mac(secret, purpose, key));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? key : undefined;
}
