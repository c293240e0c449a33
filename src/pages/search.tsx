import { PageHeader } from "../components/page-header.tsx";
import SearchPage from "../islands/search-page.tsx";
import { Island } from "../lib/island-wrapper.tsx";
import { definePage } from "../lib/page.ts";
import { SEARCH_QUERY_PARAM } from "../lib/search.ts";

/**
 * /search?q=…: results for a shared link and the WebSite SearchAction. Marked noindex (and so left out of the
 * sitemap): a results page has no content of its own for search engines to list.
 */
export default definePage({
  data: ({ content }) => ({ siteName: content.site.name }),
  head: ({ siteName }) => ({
    title: "Search",
    description: `Search ${siteName}: products, FAQ answers, policies and articles.`,
    noindex: true,
  }),
  Page: () => (
    <>
      <PageHeader eyebrow="Search" title="Search the site" />
      <div className="container">
        <Island of={SearchPage} props={{}} hydrate={`query:${SEARCH_QUERY_PARAM}`} />
        <noscript>
          <p className="search-page">
            Searching needs JavaScript, which is off in this browser. The answers are on the <a href="/faq">FAQ</a>, the{" "}
            <a href="/products">products</a>, the <a href="/refund">refund policy</a> and the <a href="/blog">blog</a>.
          </p>
        </noscript>
      </div>
    </>
  ),
});
