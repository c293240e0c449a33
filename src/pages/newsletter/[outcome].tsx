import { InlineScript } from "../../components/inline-script.tsx";
import { definePage } from "../../lib/page.ts";
import { NEWSLETTER_PAGE_TEXT, NEWSLETTER_PAGES, type NewsletterOutcome } from "../../lib/newsletter.ts";

const outcomes = Object.keys(NEWSLETTER_PAGES) as NewsletterOutcome[];
const slug = (outcome: NewsletterOutcome) => NEWSLETTER_PAGES[outcome].replace("/newsletter/", "");

/**
 * Where the newsletter box's plain form post and the links of its mails land (lambdas/subscribe answers with a 303 to
 * one of these): finished HTML, kept out of search. The confirmed page alone carries a script: the `sign_up` event.
 */
export default definePage<
  { outcome: string },
  { title: string; text: string; tone: "ok" | "problem"; confirmed: boolean }
>({
  paths: () => outcomes.map((outcome) => ({ outcome: slug(outcome) })),
  data: ({ params }) => {
    const outcome = outcomes.find((key) => slug(key) === params.outcome);
    if (!outcome) throw new Error(`Unknown newsletter page ${params.outcome}`);
    return { ...NEWSLETTER_PAGE_TEXT[outcome], confirmed: outcome === "confirmed" };
  },
  // A page a visitor lands on from the form or a mail link, not one to share: a shared link shows the blog's card.
  head: ({ title, text }) => ({
    title: `Newsletter: ${title}`,
    description: text,
    noindex: true,
    shareCardOf: "/blog",
  }),
  Page: ({ title, text, tone, confirmed }) => (
    <section className={`newsletter-outcome newsletter-outcome--${tone} container`}>
      <h1>{title}</h1>
      {confirmed && <InlineScript name="sign-up" />}
      <p className="lead">{text}</p>
      <p>
        <a className="button button--primary" href="/blog">
          Back to the blog
        </a>
      </p>
    </section>
  ),
});
