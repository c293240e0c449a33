/**
 * Where GitHub sign-in for /admin lives: the build's CMS configuration (build/plugins/admin/cms-config.ts, auth_endpoint), the
 * CloudFront behaviour (infra/) and the GitHub OAuth app's callback URL (docs/deploy.md) all name these paths.
 */

/** The function's folder under lambdas/ and its path under /api/. */
export const GITHUB_OAUTH_FUNCTION = "github-oauth";

/** Everything under this prefix goes to the function. */
export const GITHUB_OAUTH_PREFIX = `/api/${GITHUB_OAUTH_FUNCTION}/`;

export const GITHUB_OAUTH_PATHS = {
  /** Decap opens its popup here (base_url + "/" + auth_endpoint). */
  auth: `${GITHUB_OAUTH_PREFIX}auth`,
  /** GitHub sends the editor back here; the OAuth app's "Authorization callback URL" is the site's origin + this. */
  callback: `${GITHUB_OAUTH_PREFIX}callback`,
} as const;
