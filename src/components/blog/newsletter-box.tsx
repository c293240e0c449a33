import { Mail } from "../icon.tsx";
import NewsletterForm from "../../islands/newsletter-form.tsx";
import { Island } from "../../lib/island-wrapper.tsx";
import { NEWSLETTER_CONSENT_TEXT } from "../../lib/newsletter.ts";

/**
 * The blog's newsletter sign-up: a double opt-in list kept by the site (lambdas/subscribe). The form works as a plain
 * POST; it wakes on the visitor's first interaction to answer with a toast instead of a page.
 */
export function NewsletterBox() {
  return (
    <section className="newsletter" aria-labelledby="newsletter-title">
      <span className="icon-tile icon-tile--brand" aria-hidden="true">
        <Mail size={28} />
      </span>
      <div className="newsletter__text">
        <h2 id="newsletter-title">Subscribe to Our Newsletter</h2>
        <p>{NEWSLETTER_CONSENT_TEXT}</p>
      </div>
      <Island of={NewsletterForm} props={{}} hydrate="interaction" />
    </section>
  );
}
