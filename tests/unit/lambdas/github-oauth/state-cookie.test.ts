import { describe, expect, test } from "vitest";
import {
  checkState,
  clearStateCookie,
  issueState,
  STATE_COOKIE,
  STATE_LIFETIME_SECONDS,
  stateCookieValue,
  stateKey,
} from "../../../../lambdas/github-oauth/state-cookie.ts";

const KEY = stateKey("client-secret-of-the-oauth-app");
const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);
/** The cookie's value as the browser sends it back. */
const sentBack = (setCookie: string) => stateCookieValue([setCookie.split(";")[0] ?? ""]);

describe("issueState and checkState", () => {
  test("should accept the state GitHub returns with the cookie /auth set", () => {
    const { state, setCookie } = issueState(KEY, NOW);
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(checkState(KEY, sentBack(setCookie), state, NOW + 1_000)).toBeUndefined();
  });

  test("should pick a new random state each time", () => {
    expect(issueState(KEY, NOW).state).not.toBe(issueState(KEY, NOW).state);
  });

  test("should set an HttpOnly, Secure, SameSite=Lax cookie limited to the function's paths and the lifetime", () => {
    const { setCookie } = issueState(KEY, NOW);
    const attributes = setCookie.split("; ").slice(1);
    expect(setCookie.startsWith(`${STATE_COOKIE}=`)).toBe(true);
    expect(attributes.sort()).toEqual(
      ["HttpOnly", `Max-Age=${STATE_LIFETIME_SECONDS}`, "Path=/api/github-oauth/", "SameSite=Lax", "Secure"].sort(),
    );
    expect(clearStateCookie).toMatch(/^__Secure-decap-oauth-state=; Max-Age=0; Path=\/api\/github-oauth\/; Secure/);
  });

  test("should refuse a state that is not the cookie's", () => {
    const { setCookie } = issueState(KEY, NOW);
    expect(checkState(KEY, sentBack(setCookie), issueState(KEY, NOW).state, NOW)).toBe("mismatch");
  });

  test("should refuse a cookie whose state, expiry or signature was changed, or that another key signed", () => {
    const { state, setCookie } = issueState(KEY, NOW);
    const [cookieState, expires, signature] = (sentBack(setCookie) ?? "").split(".");
    const other = issueState(KEY, NOW).state;
    const later = String(Number(expires) + 3_600);
    expect(checkState(KEY, `${other}.${expires}.${signature}`, other, NOW)).toBe("forged");
    expect(checkState(KEY, `${cookieState}.${later}.${signature}`, state, NOW)).toBe("forged");
    expect(checkState(KEY, `${cookieState}.${expires}.${signature?.slice(1)}x`, state, NOW)).toBe("forged");
    expect(checkState(stateKey("another secret"), sentBack(setCookie), state, NOW)).toBe("forged");
    expect(checkState(KEY, `${state}`, state, NOW)).toBe("forged");
    expect(checkState(KEY, `${state}.soon.${signature}`, state, NOW)).toBe("forged");
  });

  test("should refuse a cookie once its lifetime has passed, and not a second before", () => {
    const { state, setCookie } = issueState(KEY, NOW);
    const lifetime = STATE_LIFETIME_SECONDS * 1_000;
    expect(checkState(KEY, sentBack(setCookie), state, NOW + lifetime - 1_000)).toBeUndefined();
    expect(checkState(KEY, sentBack(setCookie), state, NOW + lifetime)).toBe("expired");
  });

  test("should refuse a callback without the cookie or without a state", () => {
    const { state, setCookie } = issueState(KEY, NOW);
    expect(checkState(KEY, undefined, state, NOW)).toBe("missing");
    expect(checkState(KEY, sentBack(setCookie), undefined, NOW)).toBe("missing");
    expect(checkState(KEY, sentBack(setCookie), "", NOW)).toBe("missing");
  });
});

describe("stateCookieValue", () => {
  test("should find the state cookie among others, and nothing when it is absent", () => {
    expect(stateCookieValue(["theme=dark", `${STATE_COOKIE}=a.1.b`, "x=y"])).toBe("a.1.b");
    expect(stateCookieValue(["theme=dark", `x${STATE_COOKIE}=a.1.b`])).toBeUndefined();
  });
});
