import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import {
  adminSecurityHeaders,
  contentSecurityPolicy,
  isAdminPath,
  securityHeaders,
} from "../../../src/lib/security-headers.ts";
import { SPECULATION_RULES } from "../../../src/lib/speculation-rules.ts";

/** The directives every engine the cross-engine smoke runs (Chromium, WebKit, Firefox) knows. */
const KNOWN_DIRECTIVES = new Set([
  "default-src",
  "script-src",
  "style-src",
  "img-src",
  "font-src",
  "connect-src",
  "frame-src",
  "object-src",
  "base-uri",
  "form-action",
  "frame-ancestors",
]);

describe("contentSecurityPolicy", () => {
  const policy = contentSecurityPolicy({ scriptHashes: ["'sha256-abc='"] });
  const directives = new Map(
    policy.split("; ").map((directive) => [directive.split(" ")[0] ?? "", directive.split(" ").slice(1)]),
  );

  test("should name only directives WebKit, Firefox and Chromium all recognise", () => {
    for (const name of directives.keys())
      expect(KNOWN_DIRECTIVES, `${name} is not recognised by every engine`).toContain(name);
  });

  test("should let the web manifest load from the site through default-src 'self'", () => {
    expect(directives.get("default-src")).toEqual(["'self'"]);
    expect(directives.has("manifest-src")).toBe(false);
  });

  test("should allow the build's script hashes and no inline script otherwise", () => {
    expect(directives.get("script-src")).toContain("'sha256-abc='");
    expect(policy).not.toContain("unsafe-inline");
  });

  test("should allow the speculation rules by the hash of their text, not by a keyword WebKit reports as invalid", () => {
    const hash = `'sha256-${createHash("sha256").update(SPECULATION_RULES).digest("base64")}'`;
    expect(directives.get("script-src")).toContain(hash);
    expect(policy).not.toContain("inline-speculation-rules");
  });
});

describe("adminSecurityHeaders", () => {
  const site = securityHeaders({ scriptHashes: [] })["content-security-policy"] ?? "";
  const admin = adminSecurityHeaders({ connect: ["http://127.0.0.1:8081"] });
  const directive = (policy: string, name: string) =>
    policy
      .split("; ")
      .find((d) => d.startsWith(`${name} `))
      ?.split(" ")
      .slice(1) ?? [];

  test("should let Decap evaluate its schema validators and inline its styles on /admin only", () => {
    const policy = admin["content-security-policy"] ?? "";
    expect(directive(policy, "script-src")).toEqual(["'self'", "'unsafe-eval'"]);
    expect(directive(policy, "style-src")).toContain("'unsafe-inline'");
    expect(directive(site, "script-src")).not.toContain("'unsafe-eval'");
    expect(directive(site, "style-src")).toEqual(["'self'"]);
  });

  test("should connect only to the site and the backend it is given, and never be framed", () => {
    const policy = admin["content-security-policy"] ?? "";
    expect(directive(policy, "connect-src")).toEqual(["'self'", "blob:", "http://127.0.0.1:8081"]);
    expect(directive(policy, "frame-ancestors")).toEqual(["'none'"]);
    for (const name of policy.split("; ").map((d) => d.split(" ")[0] ?? ""))
      expect(KNOWN_DIRECTIVES, name).toContain(name);
  });

  test("should keep the site's other headers", () => {
    expect(admin["strict-transport-security"]).toBe(securityHeaders({ scriptHashes: [] })["strict-transport-security"]);
    expect(admin["x-frame-options"]).toBe("DENY");
  });

  test("should cover /admin and the files under it, and nothing else", () => {
    expect(["/admin", "/admin/", "/admin/cms-X.js"].map(isAdminPath)).toEqual([true, true, true]);
    expect(["/administration", "/", "/blog/admin"].map(isAdminPath)).toEqual([false, false, false]);
  });
});
