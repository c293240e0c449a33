/**
 * Imported first by the build's command line: React's production build renders the same HTML several times faster
 * than its development build. Tests and tools that set NODE_ENV themselves keep their own value.
 */
process.env.NODE_ENV ??= "production";
