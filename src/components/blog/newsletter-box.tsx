import { Mail } from "lucide-react";

/**
 * Newsletter sign-up without a mailing-list service: the form opens the visitor's e-mail app with a subscription
 * request to the vendor, addressed, titled and carrying the address they typed (HTML's mailto form submission).
 */
export function NewsletterBox({ email, siteName }: { email: string; siteName: string }) {
  return (
    <section className="newsletter" aria-labelledby="newsletter-title">
      <span className="icon-tile icon-tile--brand" aria-hidden="true">
        <Mail size={28} />
      </span>
      <div className="newsletter__text">
        <h2 id="newsletter-title">Subscribe to Our Newsletter</h2>
        <p>New guides on launching and growing a SaaS business, straight to your inbox. No spam, unsubscribe any time.</p>
      </div>
      <form className="newsletter__form" action={`mailto:${email}`} method="get">
        <input type="hidden" name="subject" value={`Newsletter subscription: ${siteName} blog`} />
        <label className="visually-hidden" htmlFor="newsletter-email">
          Your e-mail address
        </label>
        {/* The address travels as the e-mail's body: "Please subscribe <address>" is the whole request. */}
        <input id="newsletter-email" type="email" name="body" placeholder="Enter your email" autoComplete="email" required />
        <button className="button button--primary" type="submit">
          Subscribe
        </button>
        <p className="newsletter__note muted">Subscribe opens your e-mail app with the request ready to send.</p>
      </form>
    </section>
  );
}
