/**
 * Environment the handlers read, pointed at the local SES emulator. Production sets the same variables from the
 * CDK stack; values already in the environment win, so a developer can override any of them.
 */
export function localLambdaEnv({ sesEndpoint, recipient }: { sesEndpoint: string; recipient: string }): Record<string, string> {
  return {
    AWS_REGION: "us-east-1",
    AWS_ACCESS_KEY_ID: "local",
    AWS_SECRET_ACCESS_KEY: "local",
    SES_ENDPOINT: sesEndpoint,
    SENDER_EMAIL: "no-reply@example.com",
    RECIPIENT_EMAIL: recipient,
  };
}
