import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { exchangeCode, GITHUB_TIMEOUT_MS, GITHUB_TOKEN_URL } from "../../../../lambdas/github-oauth/github-token.ts";

const REQUEST = { clientId: "Ov23liClientId0000000", clientSecret: "s3cret", code: "the-code" };
const TOKEN = "gho_16C7e42F292c6912E7710c838347Ae178B4a";

/** A fetch that answers `body` with `status` and records what it was asked. */
function fakeGitHub(status: number, body: unknown) {
  const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init });
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

describe("exchangeCode", () => {
  test("should post the client id, secret and code as a form to GitHub, ask for JSON and follow no redirect", async () => {
    const github = fakeGitHub(200, { access_token: TOKEN, token_type: "bearer", scope: "repo" });
    expect(await exchangeCode(REQUEST, { fetch: github.fetch })).toEqual({ ok: true, token: TOKEN, scope: "repo" });
    const [call] = github.calls;
    expect(call?.url).toBe(GITHUB_TOKEN_URL);
    expect(call?.init).toMatchObject({ method: "POST", redirect: "manual" });
    expect(new Headers(call?.init?.headers).get("accept")).toBe("application/json");
    expect(Object.fromEntries(new URLSearchParams(String(call?.init?.body)))).toEqual({
      client_id: REQUEST.clientId,
      client_secret: REQUEST.clientSecret,
      code: REQUEST.code,
    });
  });

  test("should report GitHub refusing the code with GitHub's error code", async () => {
    const github = fakeGitHub(200, { error: "bad_verification_code", error_description: "The code is incorrect" });
    expect(await exchangeCode(REQUEST, { fetch: github.fetch })).toEqual({
      ok: false,
      reason: "refused",
      code: "bad_verification_code",
    });
  });

  test("should treat a redirect, a server error, a body without a usable token and a network failure as unavailable", async () => {
    const answers = [
      [fakeGitHub(302, {}), "http-302"],
      [fakeGitHub(500, {}), "http-500"],
      [fakeGitHub(200, { access_token: "<script>" }), "no-token"],
      [fakeGitHub(200, []), "no-token"],
      [fakeGitHub(200, null), "not-an-object"],
    ] as const;
    for (const [github, code] of answers)
      expect(await exchangeCode(REQUEST, { fetch: github.fetch })).toEqual({ ok: false, reason: "unavailable", code });
    const offline = (async () => {
      throw new TypeError("fetch failed");
    }) as typeof fetch;
    expect(await exchangeCode(REQUEST, { fetch: offline })).toEqual({
      ok: false,
      reason: "unavailable",
      code: "TypeError",
    });
  });

  describe("when GitHub does not answer", () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    test("should give up at the timeout, not before, and abort the request", async () => {
      let signal: AbortSignal | undefined;
      const silent = ((_url: string, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          signal = init?.signal ?? undefined;
          signal?.addEventListener("abort", () => reject(signal?.reason));
        })) as typeof fetch;
      let settled: unknown;
      const pending = exchangeCode(REQUEST, { fetch: silent }).then((result) => {
        settled = result;
      });
      await vi.advanceTimersByTimeAsync(GITHUB_TIMEOUT_MS - 1);
      expect(settled).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      await pending;
      expect(settled).toEqual({ ok: false, reason: "timeout", code: "timeout" });
      expect(signal?.aborted).toBe(true);
      expect(vi.getTimerCount()).toBe(0);
    });
  });
});
