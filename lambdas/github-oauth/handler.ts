import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { ConfigError } from "../shared/env.ts";
import { createLogger } from "../shared/log.ts";
import { readOnce, secretsManagerReader } from "../shared/secret-value.ts";
import {
  answerSignIn,
  GITHUB_SCOPES,
  type GitHubScope,
  misconfiguredAnswer,
  type OAuthSettings,
} from "./github-oauth.ts";
import { GITHUB_OAUTH_FUNCTION } from "./paths.ts";

/**
 * GET /api/github-oauth/auth and /callback: GitHub sign-in for /admin. The stack sets GITHUB_CLIENT_ID (once the
 * operator has registered the OAuth app), GITHUB_OAUTH_SCOPE and GITHUB_CLIENT_SECRET_ARN; the client secret is read
 * from Secrets Manager on first use and kept for the container's life. Nothing is read at import: the module loads
 * anywhere, and a missing setting is explained on the page rather than crashing the container.
 */

/**
 * The settings from the environment; undefined while no client id is set.
 * @throws ConfigError naming the variable when the scope or the secret's ARN is wrong
 */
export function readOAuthSettings(env: Readonly<Record<string, string | undefined>>): OAuthSettings | undefined {
  const clientId = env.GITHUB_CLIENT_ID?.trim();
  if (!clientId) return undefined;
  const scope = env.GITHUB_OAUTH_SCOPE?.trim() || "repo";
  if (!(GITHUB_SCOPES as readonly string[]).includes(scope))
    throw new ConfigError(`GITHUB_OAUTH_SCOPE is "${scope}"; expected one of ${GITHUB_SCOPES.join(", ")}.`);
  if (!env.GITHUB_CLIENT_SECRET_ARN?.trim())
    throw new ConfigError("GITHUB_CLIENT_SECRET_ARN is not set; expected the ARN of the OAuth app's client secret.");
  return { clientId, scope: scope as GitHubScope };
}

const log = createLogger(GITHUB_OAUTH_FUNCTION);
const read = secretsManagerReader(process.env.AWS_REGION ?? "us-east-1");
const clientSecret = readOnce(async () => {
  const value = (await read(process.env.GITHUB_CLIENT_SECRET_ARN ?? ""))?.trim();
  if (!value) throw new ConfigError("The secret GITHUB_CLIENT_SECRET_ARN names is empty.");
  return value;
});

/**
 * The request's cookies, each "name=value": a function URL's payload 2.0 event carries them in `cookies` (and no
 * Cookie header); an event built from a plain HTTP request has the header instead.
 */
export function requestCookies(event: APIGatewayProxyEventV2): string[] {
  if (event.cookies?.length) return event.cookies;
  const header = Object.entries(event.headers ?? {}).find(([name]) => name.toLowerCase() === "cookie")?.[1];
  return header ? header.split(";").map((part) => part.trim()) : [];
}

export async function handler(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  let settings: OAuthSettings | undefined;
  try {
    settings = readOAuthSettings(process.env);
  } catch (error) {
    // The editor sees a sentence; the operator gets the variable to fix in the log (ConfigError names no secret).
    const message = error instanceof ConfigError ? error.message : error instanceof Error ? error.name : typeof error;
    log.error({ requestId: event.requestContext.requestId, outcome: "misconfigured", error: message });
    return misconfiguredAnswer();
  }
  return answerSignIn(
    {
      method: event.requestContext.http.method,
      path: event.rawPath,
      query: event.queryStringParameters ?? {},
      cookies: requestCookies(event),
      requestId: event.requestContext.requestId,
    },
    {
      settings,
      clientSecret,
      fetch: globalThis.fetch,
      now: Date.now,
      log,
    },
  );
}
