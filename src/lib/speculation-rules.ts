/**
 * Which links the browser may fetch before they are tapped, in one place: the speculation rules Chromium
 * acts on, and the test src/client/next-page.ts applies to links in every engine. Dependency-free: the loader bundles
 * it and src/lib/security-headers.ts hashes the rules for the CSP.
 */

/**
 * Same-origin paths never fetched ahead, as URL patterns ending in `*`; the part before it is a path prefix.
 * What must not run twice or unasked (the lead and newsletter endpoints, the newsletter's confirm/unsubscribe links,
 * search results), and what is not a page (the PDF manuals, the feed).
 */
export const NOT_FETCHED_AHEAD: readonly string[] = ["/api/*", "/newsletter/*", "/search*", "/docs/*", "/rss.xml*"];

/** Links an author marked as not worth fetching ahead, and downloads. */
export const NOT_FETCHED_AHEAD_LINKS = "[rel~=nofollow], [data-no-speculate], [download]";

const sameOriginPage = {
  and: [
    // A path pattern is resolved against the page's URL: same origin only, so external links never match.
    { href_matches: "/*" },
    { not: { href_matches: NOT_FETCHED_AHEAD } },
    { not: { selector_matches: NOT_FETCHED_AHEAD_LINKS } },
  ],
};

/**
 * The speculation rules as the text of a `<script type="speculationrules">`: prerender on a moderate signal (a
 * pointer resting on the link, or pressing it), and prefetch on pointer down as the fallback when Chromium declines to
 * prerender (too many prerenders, memory). The CSP allows this exact text by its hash.
 */
export const SPECULATION_RULES = JSON.stringify({
  prerender: [{ where: sameOriginPage, eagerness: "moderate" }],
  prefetch: [{ where: sameOriginPage, eagerness: "conservative" }],
});

/**
 * The address to fetch ahead for a link, or undefined: same origin, another document than `here`, not excluded by
 * path (NOT_FETCHED_AHEAD) or by marking (NOT_FETCHED_AHEAD_LINKS). The fragment is dropped: it is one document.
 */
export function addressToFetchAhead(href: string, here: URL, markedOut: boolean): string | undefined {
  if (markedOut) return undefined;
  const url = new URL(href, here);
  url.hash = "";
  if (url.origin !== here.origin || (url.pathname === here.pathname && url.search === here.search)) return undefined;
  if (NOT_FETCHED_AHEAD.some((pattern) => url.pathname.startsWith(pattern.slice(0, -1)))) return undefined;
  return url.href;
}
