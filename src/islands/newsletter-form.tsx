import { useLeadForm } from "../client/leads.ts";
import { Honeypot } from "../components/forms/form-field.tsx";
import { HONEYPOT_FIELD } from "../schemas/lead-field-names.ts";

/**
 * The blog's newsletter box form. Without a script it is a plain POST to /api/subscribe, answered with a page; awake
 * (on the visitor's first interaction), it sends the same request as JSON and answers with a toast. The function
 * mails a confirmation link: nobody is on the list until they follow it.
 */
export default function NewsletterForm() {
  const lead = useLeadForm({
    fn: "subscribe",
    fields: ["email"],
    required: ["email"],
    loadSchema: () => import("../schemas/newsletter-subscription.ts").then((m) => m.newsletterSubscriptionSchema),
    messages: {
      success: "Almost done! Check your inbox and confirm your subscription.",
      failure: "Failed to subscribe. Please try again in a few minutes.",
      fallback: "Failed to subscribe",
    },
  });
  return (
    <form
      className="newsletter__form"
      action="/api/subscribe"
      method="post"
      onSubmit={lead.submit}
      onInput={lead.clearError}
      onFocus={() => void lead.prefetch()}
    >
      <label className="visually-hidden" htmlFor="newsletter-email">
        Your e-mail address
      </label>
      <input
        id="newsletter-email"
        type="email"
        name="email"
        placeholder="Enter your email"
        autoComplete="email"
        required
        aria-invalid={lead.errors.email ? true : undefined}
      />
      <Honeypot id={`newsletter-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} />
      <button className="button button--primary" type="submit" disabled={lead.submitting}>
        {lead.submitting ? "Subscribing..." : "Subscribe"}
      </button>
      <p className="newsletter__note muted">
        We e-mail you a link to confirm. Unsubscribe any time; see our <a href="/privacy">privacy policy</a>.
      </p>
    </form>
  );
}
