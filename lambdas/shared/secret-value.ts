import { GetSecretValueCommand, SecretsManagerClient } from "@aws-sdk/client-secrets-manager";

/**
 * Reading a Secrets Manager secret from a function: the stack passes the secret's ARN in the environment (never the
 * value, which Lambda would show to anyone who may read the function's configuration) and grants
 * secretsmanager:GetSecretValue on that secret to the functions that use it, and to no other.
 */

/** Reads a secret's string by ARN; tests pass their own. */
export type ReadSecret = (arn: string) => Promise<string | undefined>;

/** The reader that asks Secrets Manager in `region`. */
export function secretsManagerReader(region: string): ReadSecret {
  let client: SecretsManagerClient | undefined;
  return async (arn) => {
    client ??= new SecretsManagerClient({ region, maxAttempts: 3 });
    return (await client.send(new GetSecretValueCommand({ SecretId: arn }))).SecretString;
  };
}

/**
 * A value read on first use and kept for the container's life (a changed secret reaches new containers). A read that
 * fails is not kept: the next call tries again, so a brief Secrets Manager outage costs one attempt, not the container.
 */
export function readOnce<T>(read: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= read().catch((error: unknown) => {
      value = undefined;
      throw error;
    });
    return value;
  };
}
