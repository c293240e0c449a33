import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { GITHUB_OAUTH_PREFIX } from "./paths.ts";

/**
 * The OAuth `state`, checked without storing anything: /auth picks a random state, sends it to GitHub and sets a
 * cookie holding the same state, its expiry and an HMAC over both; /callback accepts GitHub's answer only when the
 * query's state equals the cookie's and the cookie is genuine and fresh. The cookie is HttpOnly (no script reads it),
 * Secure, SameSite=Lax (sent on GitHub's top-level redirect back, never on a cross-site subrequest) and limited to the
 * function's paths. The HMAC stops a sibling subdomain, which may set cookies for ours, from planting a state of its
 * choosing (a `__Host-` cookie would stop that too, but must be sent on every page of the site).
 */

export const STATE_COOKIE = "__Secure-decap-oauth-state";

/**
 * How long a sign-in may take between /auth and GitHub's answer: GitHub's authorization codes last ten minutes, so a
 * longer wait could not finish anyway.
 */
export const STATE_LIFETIME_SECONDS = 600;

const cookieAttributes = `Path=${GITHUB_OAUTH_PREFIX}; Secure; HttpOnly; SameSite=Lax`;

const mac = (key: Buffer, text: string) => createHmac("sha256", key).update(text, "utf8").digest("base64url");

/** The cookie's signing key, derived from the OAuth app's client secret so there is no second secret to manage. */
export function stateKey(clientSecret: string): Buffer {
  return createHmac("sha256", clientSecret).update("decap-oauth-state/v1", "utf8").digest();
}

/**
 * A fresh state and the Set-Cookie value that binds it to this browser.
 * @param nowMs the current time, in milliseconds
 */
export function issueState(key: Buffer, nowMs: number): { state: string; setCookie: string } {
  const state = randomBytes(32).toString("base64url");
  const expires = Math.floor(nowMs / 1000) + STATE_LIFETIME_SECONDS;
  const value = `${state}.${expires}`;
  return {
    state,
    setCookie: `${STATE_COOKIE}=${value}.${mac(key, value)}; Max-Age=${STATE_LIFETIME_SECONDS}; ${cookieAttributes}`,
  };
}

/** Removes the cookie once the callback has used it. */
export const clearStateCookie = `${STATE_COOKIE}=; Max-Age=0; ${cookieAttributes}`;

/** Why a callback's state was refused. */
export type StateProblem = "missing" | "forged" | "expired" | "mismatch";

const same = (a: string, b: string) => {
  const left = Buffer.from(a, "utf8");
  const right = Buffer.from(b, "utf8");
  return left.length === right.length && timingSafeEqual(left, right);
};

/** The state cookie's value among the request's cookies (each "name=value"), if any. */
export function stateCookieValue(cookies: readonly string[]): string | undefined {
  for (const cookie of cookies) {
    const at = cookie.indexOf("=");
    if (at > 0 && cookie.slice(0, at).trim() === STATE_COOKIE) return cookie.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * Checks GitHub's returned state against the cookie /auth set.
 * @param cookie the cookie's value, undefined when the browser sent none
 * @param state the `state` query parameter GitHub returned
 * @returns undefined when the state is good, else what is wrong with it
 */
export function checkState(
  key: Buffer,
  cookie: string | undefined,
  state: string | undefined,
  nowMs: number,
): StateProblem | undefined {
  if (!cookie || !state) return "missing";
  const parts = cookie.split(".");
  if (parts.length !== 3) return "forged";
  const [cookieState = "", expires = "", signature = ""] = parts;
  if (!/^\d+$/.test(expires) || !same(signature, mac(key, `${cookieState}.${expires}`))) return "forged";
  if (Number(expires) * 1000 <= nowMs) return "expired";
  return same(cookieState, state) ? undefined : "mismatch";
}
