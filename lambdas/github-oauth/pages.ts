import { createHash } from "node:crypto";

/**
 * The pages the sign-in popup shows. Each carries its own Content-Security-Policy: nothing may load, no form may
 * post, no frame may hold it; the success page may run exactly one script, allowed by its hash.
 */

/** The id of the element holding Decap's message, JSON that the browser never executes (type application/json). */
const MESSAGE_ID = "decap-authorization";

/**
 * Decap's handshake (decap-cms-lib-auth, netlify-auth.js): the popup says "authorizing:github" to its opener; the
 * editor answers with the same text from its own origin; the popup then posts
 * "authorization:github:success:{json}". Every message is addressed to this page's own origin, and the answer is
 * accepted only from the opener at that origin, so the token can reach no other site's window. The page's origin is
 * the site's: CloudFront serves this function under the site's host, as Decap requires (it accepts the messages only
 * from its base_url, the site's origin).
 */
export const HANDOFF_SCRIPT = `(()=>{
const origin = location.origin;
const opener = window.opener;
const status = document.getElementById("status");
if (!opener) { status.textContent = "This window has lost the editor that opened it. Close it and sign in again from the editor."; return; }
const message = JSON.parse(document.getElementById("${MESSAGE_ID}").textContent);
window.addEventListener("message", (event) => {
  if (event.origin !== origin || event.source !== opener || event.data !== "authorizing:github") return;
  opener.postMessage(message, origin);
});
opener.postMessage("authorizing:github", origin);
})();`;

const scriptHash = `'sha256-${createHash("sha256").update(HANDOFF_SCRIPT, "utf8").digest("base64")}'`;

const policy = (script: string) =>
  `default-src 'none'; script-src ${script}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

/** The success page's policy: only the hand-off script runs. */
export const SUCCESS_PAGE_CSP = policy(scriptHash);
/** Every other page runs nothing. */
export const MESSAGE_PAGE_CSP = policy("'none'");

/**
 * Headers of every answer. The token and the code never belong in a cache, a referrer or a frame. No
 * Cross-Origin-Opener-Policy: same-origin would put the popup in a new browsing context group and cut it off from
 * the editor that opened it (CloudFront's policy for these paths adds none either: infra/lib/constructs/static-site.ts).
 */
export function pageHeaders(csp: string): Record<string, string> {
  return {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
    "content-security-policy": csp,
    "referrer-policy": "no-referrer",
    "x-content-type-options": "nosniff",
    "x-robots-tag": "noindex",
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** JSON safe inside a script element: no "</script>" or "<!--" can close or confuse it. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

const page = (title: string, main: string, tail = "") =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main>${main}</main>${tail}</body></html>`;

/** The page that hands the token to the editor; the token sits in the page's JSON only, never in a URL. */
export function successPage(token: string): string {
  const message = `authorization:github:success:${JSON.stringify({ token, provider: "github" })}`;
  return page(
    "Signed in",
    `<h1>Signed in with GitHub</h1><p id="status">Returning you to the editor…</p>`,
    `<script type="application/json" id="${MESSAGE_ID}">${scriptJson(message)}</script><script>${HANDOFF_SCRIPT}</script>`,
  );
}

/** A page in plain words: what happened and what to do. */
export function messagePage(heading: string, text: string): string {
  return page(heading, `<h1>${escapeHtml(heading)}</h1><p>${escapeHtml(text)}</p>`);
}
