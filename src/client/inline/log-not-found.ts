// Inlined on the 404 views only (SPEC: the attempted path is logged to the console).
console.error("404 Error: User attempted to access non-existent route:", location.pathname);
