/**
 * The newsletter function's paths and the pages it sends a browser to. Pure data: infra/, the local server and the
 * site's pages import it without loading the handler.
 */
export const SUBSCRIBE_FUNCTION = "subscribe";
/** The other paths this function answers, under /api/ (infra and the local server route them here). */
export const NEWSLETTER_ROUTES = ["confirm-subscription", "unsubscribe"] as const;
/**
 * The header CloudFront adds to every request it sends this function's origin, carrying a value from the stack's
 * secret; the function refuses requests without it (lambdas/shared/origin-verify.ts). Its URL takes unsigned requests,
 * so this is what tells CloudFront's requests from direct calls.
 */
export const ORIGIN_VERIFY_HEADER = "x-origin-verify";

/** How long a mailed confirmation link works (lambdas/shared/newsletter-tokens.ts); only the latest one works at all. */
export const CONFIRM_LINK_DAYS = 7;

/**
 * What a visitor agrees to when they subscribe, beside the box's button. The subscriber's record keeps the wording it
 * confirms (lambdas/shared/subscriber-store.ts): change it here only, and each record shows what its subscriber saw.
 */
export const NEWSLETTER_CONSENT_TEXT =
  "New guides on launching and growing a SaaS business, straight to your inbox. No spam, unsubscribe any time.";

/** Static pages a plain form post or a mailed link lands on (src/pages/newsletter/[outcome].tsx; the lambdas/subscribe function). */
export const NEWSLETTER_PAGES = {
  requested: "/newsletter/check-your-inbox",
  invalidAddress: "/newsletter/invalid-address",
  failed: "/newsletter/not-subscribed",
  confirmed: "/newsletter/confirmed",
  unsubscribed: "/newsletter/unsubscribed",
  invalidLink: "/newsletter/invalid-link",
} as const;

export type NewsletterOutcome = keyof typeof NEWSLETTER_PAGES;

/**
 * Where a mailed link shows its button (src/pages/newsletter/confirm.tsx, unsubscribe.tsx). Opening a link only shows
 * the page and acting takes a press, because mail scanners (Microsoft's Safe Links, corporate gateways) open every
 * link in a message: a link that acted on its own would confirm, then unsubscribe, an address nobody touched.
 */
export const NEWSLETTER_LINK_PAGES = {
  confirm: "/newsletter/confirm",
  unsubscribe: "/newsletter/unsubscribe",
} as const;

/**
 * The query flag on the confirmed page's address after the press that confirmed: the page pushes `sign_up` only with
 * it, and removes it from the address, so a reload or a second press (already confirmed) counts no second sign-up.
 */
export const NEWLY_CONFIRMED_PARAM = "new";

/** What the pages a mailed link opens say; the form's button does what the link used to do on its own. */
export const NEWSLETTER_LINK_PAGE_TEXT: Record<
  keyof typeof NEWSLETTER_LINK_PAGES,
  { title: string; text: string; button: string; action: string; noScript: string }
> = {
  confirm: {
    title: "Confirm your subscription",
    text: "One last step: press the button to join the list. You can leave at any time with the link in every e-mail.",
    button: "Confirm my subscription",
    action: "/api/confirm-subscription",
    noScript:
      "The button needs JavaScript, which is off in this browser: it reads the code in your link. Turn it on and open the link again.",
  },
  unsubscribe: {
    title: "Unsubscribe from the newsletter",
    text: "Press the button and we will not send you the newsletter any more.",
    button: "Unsubscribe",
    action: "/api/unsubscribe",
    noScript:
      "The button needs JavaScript, which is off in this browser: it reads the code in your link. Turn it on and open the link again, or use your mail app's Unsubscribe button, which works without it.",
  },
};

/** What each page says (its title is also the heading); no page repeats the address, which the URL never carries. */
export const NEWSLETTER_PAGE_TEXT: Record<NewsletterOutcome, { title: string; text: string; tone: "ok" | "problem" }> =
  {
    requested: {
      title: "Check your inbox",
      text: "We have sent you an e-mail with a link. Open it to confirm your subscription; until then you are not on the list. No e-mail? Check your spam folder, or try again tomorrow.",
      tone: "ok",
    },
    invalidAddress: {
      title: "That address does not look right",
      text: "Please go back and enter a valid e-mail address.",
      tone: "problem",
    },
    failed: {
      title: "We could not subscribe you just now",
      text: "Something went wrong on our side and your request was not saved. Please try again in a few minutes.",
      tone: "problem",
    },
    confirmed: {
      title: "You're subscribed",
      text: "Thank you for confirming. New guides will arrive in your inbox; every e-mail has a link to unsubscribe.",
      tone: "ok",
    },
    unsubscribed: {
      title: "You're unsubscribed",
      text: "You will not receive our newsletter any more. Changed your mind? Subscribe again on the blog.",
      tone: "ok",
    },
    invalidLink: {
      title: "This link does not work",
      text: `It is incomplete, was changed, or has expired: a confirmation link works for ${CONFIRM_LINK_DAYS} days, and only the one in the latest e-mail we sent you. Subscribe again on the blog to get a new one.`,
      tone: "problem",
    },
  };
