import { fromEnv } from "@aws-sdk/credential-provider-env";

/**
 * Optional bundling alias for `@aws-sdk/credential-provider-node`: Lambda hands a function its credentials in
 * environment variables, so the SDK's full provider chain (SSO, INI files, STS, IMDS: about 130 KB minified) is
 * never used there. With esbuild `--alias:@aws-sdk/credential-provider-node=./lambdas/shared/env-credentials.ts`
 * the bundle keeps only this. Not used by `npm start`, whose handlers run unbundled with the real chain.
 */
export const defaultProvider = (init: Parameters<typeof fromEnv>[0] = {}) => fromEnv(init);
