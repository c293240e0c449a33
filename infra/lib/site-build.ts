import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import * as z from "zod/mini";
import type { RouteTable } from "../../src/lib/routing.ts";
import type { CspInput } from "../../src/lib/security-headers.ts";
import { SiteConfigError } from "./config.ts";

/**
 * What the stack needs from the build besides the files themselves: dist/_routes.json (the CloudFront function is
 * generated from it) and dist/_csp.json (the hashes of the inline scripts the CSP allows).
 */
export type SiteBuild = ReturnType<typeof readSiteBuild>;

const routesSchema: z.ZodMiniType<RouteTable> = z.object({
  pages: z.array(z.string().check(z.regex(/^\/[^\s]*$/))).check(z.minLength(1)),
  notFound: z.record(z.string().check(z.regex(/^\/[^\s]*$/)), z.string().check(z.regex(/^\/[^\s]*\.html$/))),
});
const cspSchema: z.ZodMiniType<CspInput> = z.object({
  scriptHashes: z.array(z.string().check(z.regex(/^'sha(256|384|512)-[A-Za-z0-9+/]+={0,2}'$/))),
});

/**
 * Reads the build's route table and CSP hashes from distDir (the app's own build, or a prebuilt -c distDir).
 * @throws SiteConfigError when the build is missing or its files are malformed, saying how to produce them
 */
export function readSiteBuild(distDir: string) {
  const read = <T>(name: string, schema: z.ZodMiniType<T>): T => {
    const file = path.join(distDir, name);
    if (!existsSync(file)) {
      throw new SiteConfigError(
        `${file} is missing: build into that folder first (npm run build -- --out <dir>), or drop -c distDir to let the app build`,
      );
    }
    try {
      return schema.parse(JSON.parse(readFileSync(file, "utf8")));
    } catch (error) {
      const why = error instanceof z.core.$ZodError ? z.prettifyError(error) : String(error);
      throw new SiteConfigError(`${file} is not what the stack expects (${why}): rebuild with npm run build`);
    }
  };
  return { distDir, routes: read("_routes.json", routesSchema), csp: read("_csp.json", cspSchema) };
}
