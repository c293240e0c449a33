import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { CONFIRM_LINK_DAYS } from "../../src/lib/newsletter.ts";

/**
 * The newsletter's signed links. A token names a subscriber by the hash of their address (so no address appears in a
 * URL, a log or a browser history) and one request of theirs by a random nonce, under an HMAC-SHA256 of both and the
 * link's purpose with the stack's secret: a confirm link cannot be turned into an unsubscribe link, and without the
 * secret no link can be forged for an address or guessed for another.
 *
 * - confirm: `<key>.<nonce>.<issued ms>.<mac>`, good for CONFIRM_LINK_DAYS after it was issued, and only while
 *   the subscriber's record still holds its nonce (a newer request or an unsubscribe kills it: subscriber-store.ts).
 * - unsubscribe: `<key>.<nonce>.<mac>`, no expiry: it acts for the subscription its request started and no other.
 * Tokens of before the nonce (`<key>.<mac>`) still unsubscribe a subscriber stored before it (no nonce in its record);
 * old confirm tokens are refused (the request's owner asks again and gets a new link).
 */

const TOKEN_MS = CONFIRM_LINK_DAYS * 86_400_000;

/** The subscriber's key: SHA-256 of the trimmed, lower-cased address, hex. */
export function subscriberKey(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
}

/** One newsletter request as its links carry it. */
export interface TokenRequest {
  /** 16 random bytes, base64url: which request of the address this is. */
  nonce: string;
  /** When the request was made (its confirm link expires CONFIRM_LINK_DAYS later). */
  issuedAt: Date;
}

/** A new request's nonce and time. */
export function newTokenRequest(now: Date): TokenRequest {
  return { nonce: randomBytes(16).toString("base64url"), issuedAt: now };
}

const mac = (secret: string, ...parts: string[]) =>
  createHmac("sha256", secret).update(parts.join("\n")).digest("base64url");

/** The confirm link's token of a request. */
export function signConfirmToken(secret: string, email: string, { nonce, issuedAt }: TokenRequest): string {
  const key = subscriberKey(email);
  const issued = String(issuedAt.getTime());
  return `${key}.${nonce}.${issued}.${mac(secret, "confirm", key, nonce, issued)}`;
}

/** The unsubscribe link's token of the subscription a request starts. */
export function signUnsubscribeToken(secret: string, email: string, { nonce }: Pick<TokenRequest, "nonce">): string {
  const key = subscriberKey(email);
  return `${key}.${nonce}.${mac(secret, "unsubscribe", key, nonce)}`;
}

const KEY = "[0-9a-f]{64}";
const NONCE = "[A-Za-z0-9_-]{22}";
const MAC = "[A-Za-z0-9_-]{43}";
const CONFIRM = new RegExp(`^(${KEY})\\.(${NONCE})\\.(\\d{1,15})\\.(${MAC})$`);
const UNSUBSCRIBE = new RegExp(`^(${KEY})\\.(${NONCE})\\.(${MAC})$`);
const LEGACY = new RegExp(`^(${KEY})\\.(${MAC})$`);

const same = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The request a confirm token names, without checking its signature: for links this code minted and stored itself
 * (a lead's `confirmUrl`), never for one from a visitor.
 */
export function readConfirmToken(token: string): ({ key: string } & TokenRequest) | undefined {
  const match = CONFIRM.exec(token);
  if (!match) return undefined;
  const [, key = "", nonce = "", issued = ""] = match;
  return { key, nonce, issuedAt: new Date(Number(issued)) };
}

/**
 * Checks a confirm token from a link. Compares in constant time.
 * @returns the subscriber's key and the request, or undefined for anything that is not a confirm token this secret
 * signed, or one issued more than CONFIRM_LINK_DAYS before `now` (or after it).
 */
export function verifyConfirmToken(
  secret: string,
  token: unknown,
  now: Date,
): ({ key: string } & TokenRequest) | undefined {
  if (typeof token !== "string") return undefined;
  const read = readConfirmToken(token);
  if (!read) return undefined;
  const issued = String(read.issuedAt.getTime());
  if (!same(token.slice(token.lastIndexOf(".") + 1), mac(secret, "confirm", read.key, read.nonce, issued)))
    return undefined;
  const age = now.getTime() - read.issuedAt.getTime();
  return age >= 0 && age <= TOKEN_MS ? read : undefined;
}

/**
 * Checks an unsubscribe token from a link. Compares in constant time.
 * @returns the subscriber's key and the nonce of the subscription it ends (undefined for a token of before nonces),
 * or undefined for anything that is not an unsubscribe token this secret signed.
 */
export function verifyUnsubscribeToken(
  secret: string,
  token: unknown,
): { key: string; nonce: string | undefined } | undefined {
  if (typeof token !== "string") return undefined;
  const current = UNSUBSCRIBE.exec(token);
  if (current) {
    const [, key = "", nonce = "", given = ""] = current;
    return same(given, mac(secret, "unsubscribe", key, nonce)) ? { key, nonce } : undefined;
  }
  const legacy = LEGACY.exec(token);
  if (!legacy) return undefined;
  const [, key = "", given = ""] = legacy;
  // The old format signed `unsubscribe\n<key>`: the same as mac() of those two parts.
  return same(given, mac(secret, "unsubscribe", key)) ? { key, nonce: undefined } : undefined;
}
