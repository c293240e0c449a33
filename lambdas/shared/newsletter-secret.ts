import { ConfigError } from "./env.ts";
import { type ReadSecret, secretsManagerReader } from "./secret-value.ts";

/**
 * The key the newsletter's links are signed with (lambdas/shared/newsletter-tokens.ts). In AWS it lives in Secrets
 * Manager (`NEWSLETTER_SECRET_ARN`, read once per container); locally server/lambda-env.ts generates one in
 * .data/newsletter-secret and passes it as `NEWSLETTER_SECRET`. Changing it invalidates every link already mailed.
 */

/** Shorter keys are refused: 32 random bytes, hex, is what both sources hold. */
const MIN_SECRET_LENGTH = 32;

/**
 * @throws ConfigError naming the variable when neither is set or the secret is too short.
 */
export async function loadNewsletterSecret(
  env: Readonly<Record<string, string | undefined>>,
  region: string,
  read: ReadSecret = secretsManagerReader(region),
): Promise<string> {
  const given = env.NEWSLETTER_SECRET?.trim();
  const secret = given ? given : env.NEWSLETTER_SECRET_ARN ? ((await read(env.NEWSLETTER_SECRET_ARN)) ?? "") : "";
  if (!env.NEWSLETTER_SECRET && !env.NEWSLETTER_SECRET_ARN) {
    throw new ConfigError(
      "The subscribe function cannot start: NEWSLETTER_SECRET_ARN is not set; expected the ARN of the secret its links are signed with (the stack sets it).",
    );
  }
  if (secret.length < MIN_SECRET_LENGTH)
    throw new ConfigError(
      `The subscribe function cannot start: its signing secret has ${secret.length} characters; expected at least ${MIN_SECRET_LENGTH}.`,
    );
  return secret;
}
