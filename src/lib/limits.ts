/** Numbers fixed by the specification (SPEC section 9); what an editor may change belongs in content. */
export const HOME_FEATURED_POSTS = 4;
export const MAX_KEY_FEATURES = 6;
export const MAX_TECHNOLOGIES = 4;
export const MAX_RELATED_POSTS = 3;
/** Articles per page of the blog list (/blog, then /blog/page/2 …), so no page grows with the blog. */
export const BLOG_PAGE_SIZE = 24;
/** Latest articles in the RSS feed: readers poll it, so it stays the same size however long the blog gets. */
export const RSS_MAX_ITEMS = 50;
/** Words per minute for the computed reading time of an article. */
export const READING_WORDS_PER_MINUTE = 200;

export const TIMINGS = {
  whatsappPopupMs: 10_000,
  heroCarouselMs: 3_000,
  portfolioCarouselMs: 4_000,
  testimonialCarouselMs: 4_000,
  typewriterTypeMs: 100,
  typewriterDeleteMs: 50,
  typewriterPauseMs: 2_000,
  /** A lead request that has not answered by then counts as failed. */
  leadTimeoutMs: 15_000,
} as const;

/** Consent is valid for 12 months of 30 days. */
export const CONSENT_MAX_AGE_DAYS = 360;

/** localStorage key and version of the consent record (SPEC section 3). */
export const CONSENT_STORAGE_KEY = "cookie-consent";
export const CONSENT_VERSION = "1.0";

/** Search results cut titles off beyond about this many characters. */
export const MAX_SEO_TITLE_LENGTH = 70;

/** sessionStorage flag set once the WhatsApp popup has been shown (SPEC section 3). */
export const WHATSAPP_SHOWN_KEY = "whatsappPopupShown";
/** id of the WhatsApp popup's <dialog>, which src/client/inline/whatsapp-timer.ts opens when it is due. */
export const WHATSAPP_POPUP_ID = "whatsapp-popup";

/** Wide enough for the desktop menu; keep in step with `--xl` in src/styles/media.css. */
export const DESKTOP_QUERY = "(min-width: 1120px)";

/**
 * The leads' spam folder (lambdas/shared/spam-folder.ts, docs/deploy.md "Spam folder"): what a trap or the rate limit
 * catches is kept for review, never dropped; past the hourly caps it is only counted, so a flood costs a bounded size.
 */
export const LEAD_SPAM = {
  retentionDays: 30,
  /** Leads one client address may send in an hour before the rest go to the folder (the WAF's rule is the outer wall). */
  leadsPerClientHour: 10,
  /** Caught by a trap, which no person fills. */
  storedPerClientHour: 20,
  /** Over the rate limit but past every check: maybe people behind a carrier's shared address, so ten times as many. */
  storedLimitedPerClientHour: 200,
  /** Of all clients together. */
  storedPerHour: 300,
} as const;
