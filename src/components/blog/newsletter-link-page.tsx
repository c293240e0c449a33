import { NEWSLETTER_LINK_PAGE_TEXT, type NEWSLETTER_LINK_PAGES } from "../../lib/newsletter.ts";
import { definePage } from "../../lib/page.ts";

/**
 * The page a mailed confirm or unsubscribe link opens: the button that does it. The page's first head script
 * (src/client/inline/newsletter-link.ts) hands the form the link's token and hides the needs-JavaScript note (a note,
 * not <noscript>, which a browser blocking scripts by site setting would not show).
 */
function NewsletterLinkPage({ action }: { action: keyof typeof NEWSLETTER_LINK_PAGES }) {
  const text = NEWSLETTER_LINK_PAGE_TEXT[action];
  return (
    <section className="newsletter-outcome newsletter-outcome--ok container">
      <h1>{text.title}</h1>
      <p className="lead">{text.text}</p>
      <form method="post" action={text.action} hidden>
        <input type="hidden" name="token" />
        <button className="button button--primary" type="submit">
          {text.button}
        </button>
      </form>
      <p className="newsletter-outcome__no-script">{text.noScript}</p>
    </section>
  );
}

/** The route module of /newsletter/<action>?token=…, where that link of a newsletter mail lands (lambdas/subscribe). */
export const newsletterLinkRoute = (action: keyof typeof NEWSLETTER_LINK_PAGES) =>
  definePage({
    data: () => NEWSLETTER_LINK_PAGE_TEXT[action],
    // A page for the holder of one link, not one to share or list: a shared link shows the blog's card.
    head: ({ title, text }) => ({
      title: `Newsletter: ${title}`,
      description: text,
      noindex: true,
      linkToken: true,
      shareCardOf: "/blog",
    }),
    Page: () => <NewsletterLinkPage action={action} />,
  });
