import { NewsletterLinkPage } from "../../components/blog/newsletter-link-page.tsx";
import { definePage } from "../../lib/page.ts";
import { NEWSLETTER_LINK_PAGE_TEXT } from "../../lib/newsletter.ts";

/** /newsletter/confirm?token=…: where the confirm link of a newsletter mail lands (lambdas/subscribe sends it here). */
export default definePage({
  data: () => NEWSLETTER_LINK_PAGE_TEXT.confirm,
  // A page for the holder of one link, not one to share or list: a shared link shows the blog's card.
  head: ({ title, text }) => ({
    title: `Newsletter: ${title}`,
    description: text,
    noindex: true,
    linkToken: true,
    shareCardOf: "/blog",
  }),
  Page: () => <NewsletterLinkPage action="confirm" />,
});
