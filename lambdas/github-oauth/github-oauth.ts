import type { APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import type { Logger } from "../shared/log.ts";
import { exchangeCode, type TokenResult } from "./github-token.ts";
import { MESSAGE_PAGE_CSP, messagePage, pageHeaders, SUCCESS_PAGE_CSP, successPage } from "./pages.ts";
import { GITHUB_OAUTH_PATHS } from "./paths.ts";
import {
  checkState,
  clearStateCookie,
  issueState,
  type StateProblem,
  stateCookieValue,
  stateKey,
} from "./state-cookie.ts";

/**
 * Decap's GitHub sign-in (the "external OAuth client" Decap's docs describe): GET /api/github-oauth/auth sends the
 * editor's popup to GitHub, GET /api/github-oauth/callback takes GitHub's code back, exchanges it for a token and
 * hands the token to the editor. GitHub decides who may write: the token carries the editor's own permissions on
 * the repository, and nothing here keeps a list of editors or stores anything.
 */

export const GITHUB_AUTHORIZE_URL = "https://github.com/login/oauth/authorize";

/**
 * OAuth apps have no scope narrower than the whole repository: `repo` (private and public repositories) is what
 * Decap's GitHub backend asks for, `public_repo` is enough when the content repository is public.
 */
export const GITHUB_SCOPES = ["repo", "public_repo"] as const;
export type GitHubScope = (typeof GITHUB_SCOPES)[number];

export interface OAuthSettings {
  clientId: string;
  scope: GitHubScope;
}

export interface OAuthDeps {
  /** Undefined until the operator registers the OAuth app (docs/deploy.md): every path then says so. */
  settings: OAuthSettings | undefined;
  /** The OAuth app's client secret (Secrets Manager in AWS). */
  clientSecret: () => Promise<string>;
  fetch: typeof fetch;
  now: () => number;
  log: Logger;
  /** The token exchange's limit; GITHUB_TIMEOUT_MS by default. */
  timeoutMs?: number;
}

export interface OAuthRequest {
  method: string;
  path: string;
  query: Readonly<Record<string, string | undefined>>;
  /** The request's cookies, each "name=value". */
  cookies: readonly string[];
  requestId?: string;
}

type Result = APIGatewayProxyStructuredResultV2;

// Refusals answer 400, never 403 or 404: the distribution replaces those with the site's own not-found page
// (infra/lib/constructs/static-site.ts, errorResponses), which would hide the explanation.
const html = (statusCode: number, heading: string, text: string, cookies?: string[]): Result => ({
  statusCode,
  headers: pageHeaders(MESSAGE_PAGE_CSP),
  body: messagePage(heading, text),
  cookies,
});

const AGAIN = "Close this window and sign in again from the editor.";

/** The answer when the function's own settings are wrong: a plain page, never a stack or a variable's name. */
export const misconfiguredAnswer = (): Result =>
  html(
    500,
    "Sign-in is not available",
    "The site's GitHub sign-in is not set up correctly. Please try again later, or ask the site's operator.",
  );

const STATE_TEXT: Record<StateProblem, string> = {
  missing: `This sign-in did not start from the editor, or your browser did not keep its cookie. ${AGAIN}`,
  forged: `This sign-in's check did not match the one the site set. ${AGAIN}`,
  expired: `This sign-in took longer than ten minutes and has expired. ${AGAIN}`,
  mismatch: `This sign-in belongs to another attempt than the one GitHub returned. ${AGAIN}`,
};

/** What the editor reads when the exchange failed, and the status that goes with it. */
function tokenFailure(result: Extract<TokenResult, { ok: false }>): { status: number; heading: string; text: string } {
  if (result.reason === "timeout")
    return { status: 504, heading: "GitHub did not answer", text: `GitHub did not answer in time. ${AGAIN}` };
  if (result.reason === "unavailable")
    return { status: 502, heading: "GitHub could not be reached", text: `GitHub gave no usable answer. ${AGAIN}` };
  if (result.code === "bad_verification_code")
    return {
      status: 400,
      heading: "Sign-in link already used",
      text: `GitHub no longer accepts this sign-in: it was used already or is too old. ${AGAIN}`,
    };
  return {
    status: 502,
    heading: "Sign-in is not set up correctly",
    text: "GitHub refused the site's OAuth app. Tell whoever runs the site: the client id, the client secret or the callback URL needs fixing (docs/deploy.md, Sign-in for /admin).",
  };
}

/**
 * Answers one request to /api/github-oauth/*. Never throws for anything a visitor or GitHub does; a failure to read
 * the secret is an answer too (503), logged for the operator.
 */
export async function answerSignIn(request: OAuthRequest, deps: OAuthDeps): Promise<Result> {
  const { settings, log } = deps;
  const requestId = request.requestId;
  const isAuth = request.path === GITHUB_OAUTH_PATHS.auth;
  if (!isAuth && request.path !== GITHUB_OAUTH_PATHS.callback)
    return html(404, "Not found", "There is nothing at this address. Sign in from the editor at /admin.");
  if (request.method !== "GET") {
    const answer = html(405, "Wrong method", "Open this address in the browser; only GET is answered.");
    return { ...answer, headers: { ...answer.headers, allow: "GET" } };
  }
  if (!settings) {
    log.warn({ requestId, outcome: "not-set-up" });
    return html(
      503,
      "Sign-in is not set up yet",
      "This site's GitHub sign-in has no OAuth app yet. Tell whoever runs the site (docs/deploy.md, Sign-in for /admin).",
    );
  }
  let key: Buffer;
  let clientSecret: string;
  try {
    clientSecret = await deps.clientSecret();
    key = stateKey(clientSecret);
  } catch (error: unknown) {
    log.error({ requestId, outcome: "secret-unreadable", error: error instanceof Error ? error.name : "unknown" });
    return html(503, "Sign-in is unavailable", "The site cannot sign you in right now. Try again in a few minutes.");
  }

  if (isAuth) return redirectToGitHub(settings, key, deps, requestId);

  const problem = checkState(key, stateCookieValue(request.cookies), request.query.state, deps.now());
  if (problem) {
    log.warn({ requestId, outcome: "state-refused", reason: problem, status: 400 });
    return html(400, "Sign-in refused", STATE_TEXT[problem], [clearStateCookie]);
  }
  if (request.query.error) {
    // GitHub's error code (access_denied when the editor cancelled); whatever a caller puts there, the log line stays short.
    log.info({ requestId, outcome: "declined", reason: request.query.error.slice(0, 64), status: 400 });
    return html(400, "Not signed in", `GitHub did not sign you in (you may have cancelled). ${AGAIN}`, [
      clearStateCookie,
    ]);
  }
  const code = request.query.code;
  if (!code) {
    log.warn({ requestId, outcome: "no-code", status: 400 });
    return html(400, "Sign-in refused", `GitHub's answer had no authorization code. ${AGAIN}`, [clearStateCookie]);
  }
  const result = await exchangeCode(
    { clientId: settings.clientId, clientSecret, code },
    { fetch: deps.fetch, timeoutMs: deps.timeoutMs },
  );
  if (!result.ok) {
    const failure = tokenFailure(result);
    log.warn({ requestId, outcome: `github-${result.reason}`, error: result.code, status: failure.status });
    return html(failure.status, failure.heading, failure.text, [clearStateCookie]);
  }
  log.info({ requestId, outcome: "signed-in", status: 200 });
  return {
    statusCode: 200,
    headers: pageHeaders(SUCCESS_PAGE_CSP),
    body: successPage(result.token),
    cookies: [clearStateCookie],
  };
}

/** The authorization step: off to GitHub with a fresh state, held in a cookie for the callback to check. */
function redirectToGitHub(
  settings: NonNullable<OAuthDeps["settings"]>,
  key: Buffer,
  deps: OAuthDeps,
  requestId: OAuthRequest["requestId"],
): Result {
  const { state, setCookie } = issueState(key, deps.now());
  const location = new URL(GITHUB_AUTHORIZE_URL);
  location.search = new URLSearchParams({
    client_id: settings.clientId,
    scope: settings.scope,
    state,
    // Editors are people the repository's owner already added; a new GitHub account could not write anyway.
    allow_signup: "false",
  }).toString();
  deps.log.info({ requestId, outcome: "redirected", status: 302 });
  return {
    statusCode: 302,
    headers: { ...pageHeaders(MESSAGE_PAGE_CSP), location: location.href },
    body: "",
    cookies: [setCookie],
  };
}
