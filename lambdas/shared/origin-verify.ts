import { createHash, timingSafeEqual } from "node:crypto";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { ORIGIN_VERIFY_HEADER } from "../../src/lib/newsletter.ts";
import { ConfigError } from "./env.ts";
import { type ReadSecret, secretsManagerReader } from "./secret-value.ts";

/**
 * "Origin verify" for the subscribe function, whose URL takes unsigned requests (plain form posts, RFC 8058 one-click
 * posts): CloudFront adds `x-origin-verify: <value>` to each request it sends there, and the function refuses any
 * request without that value, so a caller who learns the URL can neither skip the WAF nor forge the
 * `CloudFront-Viewer-Address` the per-client limit counts.
 *
 * In AWS the value is a generated Secrets Manager secret: the stack passes its ARN (`ORIGIN_VERIFY_SECRET_ARN`) and
 * the function reads it once per container. The value itself is not put in the environment: Lambda shows variables
 * to anyone who may read the function's configuration, and the value would then sit in a second place besides the
 * distribution's origin settings, which must hold it. Locally nothing is required unless `ORIGIN_VERIFY` is set
 * (tests, or `ORIGIN_VERIFY=… npm start` to try it).
 */

export { ORIGIN_VERIFY_HEADER } from "../../src/lib/newsletter.ts";

/** Shorter values are refused: the stack generates 64 letters and digits. */
const MIN_VALUE_LENGTH = 32;

/**
 * The value the header must carry, or undefined when nothing is configured (every request is then accepted).
 * @throws ConfigError naming the variable when the configured value is shorter than 32 characters.
 */
export async function loadOriginVerify(
  env: Readonly<Record<string, string | undefined>>,
  region: string,
  read: ReadSecret = secretsManagerReader(region),
): Promise<string | undefined> {
  const given = env.ORIGIN_VERIFY?.trim();
  const arn = env.ORIGIN_VERIFY_SECRET_ARN?.trim();
  if (!given && !arn) return undefined;
  const value = given || ((arn && (await read(arn))) ?? "").trim();
  if (value.length < MIN_VALUE_LENGTH) {
    const source = given ? "ORIGIN_VERIFY" : "the secret ORIGIN_VERIFY_SECRET_ARN names";
    throw new ConfigError(
      `The subscribe function cannot start: ${source} holds ${value.length} characters; expected at least ${MIN_VALUE_LENGTH}.`,
    );
  }
  return value;
}

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();

/**
 * True when the request carries the expected header value. The comparison takes the same time however much of the
 * value a caller guessed (both sides are hashed first, so their lengths do not matter either).
 */
export function fromOrigin(event: APIGatewayProxyEventV2, expected: string): boolean {
  const given = Object.entries(event.headers ?? {}).find(([key]) => key.toLowerCase() === ORIGIN_VERIFY_HEADER)?.[1];
  return timingSafeEqual(digest(given ?? ""), digest(expected)) && given !== undefined;
}
