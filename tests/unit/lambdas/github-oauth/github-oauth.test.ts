import { createHash } from "node:crypto";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { runInNewContext } from "node:vm";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import {
  answerSignIn,
  GITHUB_AUTHORIZE_URL,
  type OAuthDeps,
  type OAuthRequest,
} from "../../../../lambdas/github-oauth/github-oauth.ts";
import { GITHUB_TIMEOUT_MS } from "../../../../lambdas/github-oauth/github-token.ts";
import { handler, readOAuthSettings, requestCookies } from "../../../../lambdas/github-oauth/handler.ts";
import { HANDOFF_SCRIPT, successPage } from "../../../../lambdas/github-oauth/pages.ts";
import { GITHUB_OAUTH_PATHS } from "../../../../lambdas/github-oauth/paths.ts";
import { STATE_LIFETIME_SECONDS } from "../../../../lambdas/github-oauth/state-cookie.ts";
import { memoryLogger } from "../fakes.ts";

const CLIENT_ID = "Ov23liClientId0000000";
const TOKEN = "gho_16C7e42F292c6912E7710c838347Ae178B4a";
const SITE = "https://www.example.com";

/** GitHub's token endpoint as a fake: answers `body`, or never when `body` is "silent". */
function fakeGitHub(body: unknown | "silent") {
  const calls: string[] = [];
  const fetch = (async (_url: string, init?: RequestInit) => {
    calls.push(String(init?.body));
    if (body === "silent")
      return new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)),
      );
    return Response.json(body);
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

function deps(overrides: Partial<OAuthDeps> = {}): OAuthDeps & { log: ReturnType<typeof memoryLogger> } {
  return {
    settings: { clientId: CLIENT_ID, scope: "repo" },
    clientSecret: async () => "client-secret-of-the-oauth-app",
    fetch: fakeGitHub({ access_token: TOKEN, scope: "repo" }).fetch,
    now: () => Date.now(),
    ...overrides,
    log: memoryLogger(),
  };
}

const get = (path: string, query: Record<string, string> = {}, cookies: string[] = []): OAuthRequest => ({
  method: "GET",
  path,
  query,
  cookies,
});

/** /auth, then GitHub's redirect back with `code` and the state it was given, carrying the cookie /auth set. */
async function signIn(d: OAuthDeps, change: (state: string) => Record<string, string> = () => ({})) {
  const start = await answerSignIn(get(GITHUB_OAUTH_PATHS.auth), d);
  const location = new URL(String(start.headers?.location));
  const state = location.searchParams.get("state") ?? "";
  const cookie = (start.cookies?.[0] ?? "").split(";")[0] ?? "";
  return {
    start,
    location,
    state,
    cookie,
    callback: get(GITHUB_OAUTH_PATHS.callback, { code: "c0de", state, ...change(state) }, [cookie]),
  };
}

const headersOf = (result: { headers?: Record<string, unknown> }) =>
  Object.fromEntries(Object.entries(result.headers ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)]));

describe("answerSignIn", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2026, 10, 27, 12, 0, 0));
  });
  afterEach(() => vi.useRealTimers());

  test("should send the popup to GitHub with the client id, the repo scope and a state bound to a cookie", async () => {
    const { start, location, state, cookie } = await signIn(deps());
    expect(start.statusCode).toBe(302);
    expect(`${location.origin}${location.pathname}`).toBe(GITHUB_AUTHORIZE_URL);
    expect(location.searchParams.get("client_id")).toBe(CLIENT_ID);
    expect(location.searchParams.get("scope")).toBe("repo");
    expect(state.length).toBeGreaterThanOrEqual(43);
    expect(cookie.startsWith(`__Secure-decap-oauth-state=${state}.`)).toBe(true);
    expect(headersOf(start)["cache-control"]).toBe("no-store");
  });

  test("should hand the token over when GitHub returns the state it was given, in the page's data only (no URL, header or log carries it), and forget the cookie", async () => {
    const github = fakeGitHub({ access_token: TOKEN, scope: "repo" });
    const d = deps({ fetch: github.fetch });
    const done = await answerSignIn((await signIn(d)).callback, d);
    expect(done.statusCode).toBe(200);
    expect(github.calls).toHaveLength(1);
    expect(done.cookies).toEqual([expect.stringMatching(/^__Secure-decap-oauth-state=; Max-Age=0;/)]);
    expect(d.log.lines.map((line) => line.outcome)).toEqual(["redirected", "signed-in"]);
    expect(JSON.stringify(d.log.lines)).not.toContain(TOKEN);
    const body = String(done.body);
    expect(body.split(TOKEN)).toHaveLength(2);
    const data = /<script type="application\/json" id="decap-authorization">(.*?)<\/script>/.exec(body)?.[1] ?? "";
    expect(JSON.parse(data)).toBe(`authorization:github:success:{"token":"${TOKEN}","provider":"github"}`);
    expect(body).not.toMatch(new RegExp(`(href|src|action)=[^>]*${TOKEN}|[?&#]token=`));
    expect(JSON.stringify(done.headers)).not.toContain(TOKEN);
    expect(headersOf(done).location).toBeUndefined();
  });

  test("should keep the page's data inert whatever it holds: nothing in it can close its script element", () => {
    const body = successPage("</script><script>alert(1)</script><!--");
    expect(body.match(/<script/g)).toHaveLength(2);
    expect(body).not.toContain("<!--");
  });

  test("should allow the hand-off script by its hash and nothing else, keep the opener and never be framed or cached", async () => {
    const d = deps();
    const done = await answerSignIn((await signIn(d)).callback, d);
    const headers = headersOf(done);
    const hash = createHash("sha256").update(HANDOFF_SCRIPT).digest("base64");
    expect(headers["content-security-policy"]).toBe(
      `default-src 'none'; script-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    expect(String(done.body)).toContain(`<script>${HANDOFF_SCRIPT}</script>`);
    expect(headers["cross-origin-opener-policy"]).toBeUndefined();
    expect(headers).toMatchObject({ "cache-control": "no-store", "referrer-policy": "no-referrer" });
  });

  test("should refuse a forged, a foreign, an expired or a missing state in plain words without asking GitHub", async () => {
    const github = fakeGitHub({ access_token: TOKEN });
    const d = deps({ fetch: github.fetch });
    const forged = await signIn(d);
    const [, expires] = forged.cookie.split(".");
    const later = forged.cookie.replace(`.${expires}.`, `.${Number(expires) + 3_600}.`);
    const other = await signIn(d);
    const cases: Array<[OAuthRequest, RegExp]> = [
      [{ ...forged.callback, cookies: [later] }, /did not match the one the site set/],
      [{ ...forged.callback, cookies: [other.cookie] }, /belongs to another attempt/],
      [{ ...forged.callback, cookies: [] }, /did not start from the editor/],
      [get(GITHUB_OAUTH_PATHS.callback, { code: "c0de" }, [forged.cookie]), /did not start from the editor/],
    ];
    for (const [request, text] of cases) {
      const refused = await answerSignIn(request, d);
      expect(refused.statusCode).toBe(400);
      expect(String(refused.body)).toMatch(text);
      expect(String(refused.body)).toContain("Close this window and sign in again from the editor.");
    }
    const expired = await signIn(d);
    vi.advanceTimersByTime(STATE_LIFETIME_SECONDS * 1_000);
    const late = await answerSignIn(expired.callback, d);
    expect([late.statusCode, String(late.body).includes("has expired")]).toEqual([400, true]);
    expect(github.calls).toHaveLength(0);
    expect(d.log.lines.filter((l) => l.outcome === "state-refused").map((l) => l.reason)).toEqual([
      "forged",
      "mismatch",
      "missing",
      "missing",
      "expired",
    ]);
  });

  test("should explain GitHub refusing the code, or the app, in plain words without a stack trace", async () => {
    const used = deps({ fetch: fakeGitHub({ error: "bad_verification_code" }).fetch });
    const refused = await answerSignIn((await signIn(used)).callback, used);
    expect([refused.statusCode, String(refused.body)]).toEqual([400, expect.stringContaining("was used already")]);
    const app = deps({ fetch: fakeGitHub({ error: "incorrect_client_credentials" }).fetch });
    const misconfigured = await answerSignIn((await signIn(app)).callback, app);
    expect(misconfigured.statusCode).toBe(502);
    expect(String(misconfigured.body)).toContain("docs/deploy.md");
    for (const body of [refused.body, misconfigured.body]) expect(String(body)).not.toMatch(/\bat \w+ \(|Error:/);
    expect(app.log.lines.at(-1)).toMatchObject({ outcome: "github-refused", error: "incorrect_client_credentials" });
  });

  test("should answer 504 in plain words when GitHub does not answer in time", async () => {
    const d = deps({ fetch: fakeGitHub("silent").fetch });
    const { callback } = await signIn(d);
    const pending = answerSignIn(callback, d);
    await vi.advanceTimersByTimeAsync(GITHUB_TIMEOUT_MS);
    const answer = await pending;
    expect([answer.statusCode, String(answer.body)]).toEqual([504, expect.stringContaining("did not answer in time")]);
  });

  test("should say so when the editor declined on GitHub", async () => {
    const d = deps();
    const { callback } = await signIn(d, () => ({ error: "access_denied" }));
    const answer = await answerSignIn({ ...callback, query: { ...callback.query, code: "" } }, d);
    expect([answer.statusCode, String(answer.body)]).toEqual([400, expect.stringContaining("did not sign you in")]);
  });

  test("should say sign-in is not set up while no OAuth app is registered, and read no secret", async () => {
    const d = deps({
      settings: undefined,
      clientSecret: async () => {
        throw new Error("must not be read");
      },
    });
    const answer = await answerSignIn(get(GITHUB_OAUTH_PATHS.auth), d);
    expect([answer.statusCode, String(answer.body)]).toEqual([503, expect.stringContaining("has no OAuth app yet")]);
  });

  test("should answer 503 in plain words when the client secret cannot be read, and log the error's class", async () => {
    const d = deps({
      clientSecret: async () => {
        throw new Error("AccessDeniedException: arn:aws:secretsmanager:…");
      },
    });
    const answer = await answerSignIn(get(GITHUB_OAUTH_PATHS.auth), d);
    expect(answer.statusCode).toBe(503);
    expect(String(answer.body)).not.toContain("AccessDenied");
    expect(d.log.lines).toEqual([expect.objectContaining({ outcome: "secret-unreadable", error: "Error" })]);
  });

  test("should answer other paths with 404 and other methods with 405", async () => {
    expect((await answerSignIn(get("/api/github-oauth/token"), deps())).statusCode).toBe(404);
    const post = await answerSignIn({ ...get(GITHUB_OAUTH_PATHS.auth), method: "POST" }, deps());
    expect([post.statusCode, headersOf(post).allow]).toEqual([405, "GET"]);
  });
});

/** Runs the hand-off script in a window of `origin`, opened by a window whose postMessage is recorded. */
function popup(origin: string, message: string, opener: boolean) {
  const posted: Array<{ data: unknown; target: string }> = [];
  const listeners: Array<(event: { origin: string; source: unknown; data: unknown }) => void> = [];
  const status = { textContent: "" };
  const openerWindow = { postMessage: (data: unknown, target: string) => posted.push({ data, target }) };
  const window = {
    opener: opener ? openerWindow : null,
    addEventListener: (_type: string, listener: (typeof listeners)[number]) => listeners.push(listener),
  };
  const document = {
    getElementById: (id: string) =>
      id === "status" ? status : id === "decap-authorization" ? { textContent: JSON.stringify(message) } : null,
  };
  runInNewContext(HANDOFF_SCRIPT, { window, document, location: { origin } });
  const receive = (event: { origin: string; source: unknown; data: unknown }) => {
    for (const listener of listeners) listener(event);
  };
  return { posted, receive, openerWindow, status };
}

describe("the hand-off script", () => {
  const success = `authorization:github:success:{"token":"${TOKEN}","provider":"github"}`;

  test("should greet the opener at the site's origin and hand over the token when the editor there answers", () => {
    const page = popup(SITE, success, true);
    expect(page.posted).toEqual([{ data: "authorizing:github", target: SITE }]);
    page.receive({ origin: SITE, source: page.openerWindow, data: "authorizing:github" });
    expect(page.posted).toEqual([
      { data: "authorizing:github", target: SITE },
      { data: success, target: SITE },
    ]);
  });

  test("should hand nothing over to another origin, another window or another message", () => {
    const page = popup(SITE, success, true);
    page.receive({ origin: "https://evil.example", source: page.openerWindow, data: "authorizing:github" });
    page.receive({ origin: SITE, source: {}, data: "authorizing:github" });
    page.receive({ origin: SITE, source: page.openerWindow, data: "authorizing:gitlab" });
    expect(page.posted.map((p) => p.data)).toEqual(["authorizing:github"]);
    expect(page.posted.every((p) => p.target === SITE)).toBe(true);
  });

  test("should tell the editor what to do when the popup lost its opener", () => {
    const page = popup(SITE, success, false);
    expect(page.posted).toEqual([]);
    expect(page.status.textContent).toMatch(/lost the editor that opened it/);
  });
});

describe("readOAuthSettings", () => {
  const ARN = "arn:aws:secretsmanager:us-east-1:123456789012:secret:GitHubOAuth-AbCdEf";

  test("should read the client id and scope, with repo by default, and nothing while no client id is set", () => {
    expect(readOAuthSettings({ GITHUB_CLIENT_ID: CLIENT_ID, GITHUB_CLIENT_SECRET_ARN: ARN })).toEqual({
      clientId: CLIENT_ID,
      scope: "repo",
    });
    expect(
      readOAuthSettings({
        GITHUB_CLIENT_ID: CLIENT_ID,
        GITHUB_CLIENT_SECRET_ARN: ARN,
        GITHUB_OAUTH_SCOPE: "public_repo",
      })?.scope,
    ).toBe("public_repo");
    expect(readOAuthSettings({ GITHUB_CLIENT_SECRET_ARN: ARN })).toBeUndefined();
  });

  test("should refuse a scope wider than the repository and a missing secret ARN, naming the variable", () => {
    expect(() =>
      readOAuthSettings({
        GITHUB_CLIENT_ID: CLIENT_ID,
        GITHUB_CLIENT_SECRET_ARN: ARN,
        GITHUB_OAUTH_SCOPE: "admin:org",
      }),
    ).toThrow(/GITHUB_OAUTH_SCOPE is "admin:org"; expected one of repo, public_repo/);
    expect(() => readOAuthSettings({ GITHUB_CLIENT_ID: CLIENT_ID })).toThrow(/GITHUB_CLIENT_SECRET_ARN is not set/);
  });
});

describe("handler", () => {
  test("should answer a misconfigured environment with a plain 500 page, no stack, and tell the operator in the log", async () => {
    const saved = { ...process.env };
    const logged = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    Object.assign(process.env, { GITHUB_CLIENT_ID: CLIENT_ID, GITHUB_OAUTH_SCOPE: "admin:org" });
    try {
      const answer = await handler({
        rawPath: "/api/github-oauth/auth",
        headers: {},
        requestContext: { http: { method: "GET" }, requestId: "r1" },
      } as unknown as APIGatewayProxyEventV2);
      expect(answer.statusCode).toBe(500);
      expect(answer.headers?.["content-type"]).toMatch(/^text\/html/);
      expect(answer.body).toContain("GitHub sign-in is not set up correctly");
      expect(answer.body).not.toMatch(/ConfigError|GITHUB_OAUTH_SCOPE|at .*\.ts/);
      const lines = logged.mock.calls.map((call) => String(call[0]));
      expect(lines.some((line) => line.includes("GITHUB_OAUTH_SCOPE"))).toBe(true);
    } finally {
      process.env = saved;
      logged.mockRestore();
    }
  });
});

describe("requestCookies", () => {
  const event = (fields: Partial<APIGatewayProxyEventV2>) => ({ headers: {}, ...fields }) as APIGatewayProxyEventV2;

  test("should read a function URL's cookies array, and a Cookie header when there is no array", () => {
    expect(requestCookies(event({ cookies: ["a=1", "__Secure-decap-oauth-state=s.1.m"] }))).toEqual([
      "a=1",
      "__Secure-decap-oauth-state=s.1.m",
    ]);
    expect(requestCookies(event({ headers: { Cookie: "a=1; __Secure-decap-oauth-state=s.1.m" } }))).toEqual([
      "a=1",
      "__Secure-decap-oauth-state=s.1.m",
    ]);
    expect(requestCookies(event({}))).toEqual([]);
  });
});
