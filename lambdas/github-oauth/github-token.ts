/**
 * The one call to GitHub: exchanging the authorization code for the editor's access token
 * (https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps, step 2).
 */

export const GITHUB_TOKEN_URL = "https://github.com/login/oauth/access_token";

/** Well inside the function's 10 s: an editor waits in the popup, and CloudFront gives up at 15 s. */
export const GITHUB_TIMEOUT_MS = 5_000;

export type TokenResult =
  | { ok: true; token: string; scope: string }
  /**
   * refused: GitHub answered with an OAuth error (`code` is GitHub's, e.g. bad_verification_code); timeout: no answer
   * in time; unavailable: no answer we could read (network, a status other than 200, not JSON).
   */
  | { ok: false; reason: "refused" | "timeout" | "unavailable"; code: string };

export interface TokenRequest {
  clientId: string;
  clientSecret: string;
  code: string;
}

export interface TokenDeps {
  fetch: typeof fetch;
  timeoutMs?: number;
}

/** GitHub's tokens are letters, digits and underscores (gho_…); anything else is not put into a page. */
const TOKEN = /^[A-Za-z0-9_]{20,255}$/;

/**
 * Exchanges a code for a token. Never throws: every failure is a TokenResult the page can explain.
 * Redirects are not followed (a 3xx is GitHub not answering the exchange, and following one would send the client
 * secret wherever it pointed); the whole exchange, body included, must finish within the timeout.
 */
export async function exchangeCode(request: TokenRequest, deps: TokenDeps): Promise<TokenResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), deps.timeoutMs ?? GITHUB_TIMEOUT_MS);
  try {
    const response = await deps.fetch(GITHUB_TOKEN_URL, {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        client_id: request.clientId,
        client_secret: request.clientSecret,
        code: request.code,
      }).toString(),
      redirect: "manual",
      signal: controller.signal,
    });
    if (response.status !== 200) return { ok: false, reason: "unavailable", code: `http-${response.status}` };
    const body: unknown = await response.json();
    if (typeof body !== "object" || body === null) return { ok: false, reason: "unavailable", code: "not-an-object" };
    const fields = body as Record<string, unknown>;
    // GitHub reports a bad code or bad client credentials with status 200 and an `error` field.
    if (typeof fields.error === "string") return { ok: false, reason: "refused", code: fields.error };
    if (typeof fields.access_token !== "string" || !TOKEN.test(fields.access_token))
      return { ok: false, reason: "unavailable", code: "no-token" };
    return { ok: true, token: fields.access_token, scope: typeof fields.scope === "string" ? fields.scope : "" };
  } catch (error: unknown) {
    if (controller.signal.aborted) return { ok: false, reason: "timeout", code: "timeout" };
    return { ok: false, reason: "unavailable", code: error instanceof Error ? error.name : "error" };
  } finally {
    clearTimeout(timer);
  }
}
