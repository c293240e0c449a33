import { CAMPAIGN_PARAMS, cleanSource, isSourceValue, type LeadSource } from "../schemas/lead-source.ts";

/**
 * The visit's source in the browser. The eager loader notes it on every page; with analytics consent the
 * first arrival of the browser session is kept in sessionStorage (first touch wins) and sent with every lead of the
 * session. Without consent nothing is written to the device: a lead carries only what its own page can see.
 */

/** sessionStorage key of the session's first touch; the cookie policy names it. */
export const SOURCE_STORAGE_KEY = "lead-source";

/** What a page's address and referrer tell of the page being an arrival (see pageSource). */
export interface PageFacts {
  search: string;
  pathname: string;
  hostname: string;
  /** document.referrer: empty, or the address of the page (or app) that linked here. */
  referrer: string;
}

/**
 * The source this page shows: its campaign parameters, the referring host when it is another site, and its own path
 * as the landing path. A page reached from another page of this site without campaign parameters is no arrival, only
 * a step inside the visit: undefined. Values that break the shared rule are left out.
 */
export function pageSource(page: PageFacts): LeadSource | undefined {
  const params = new URLSearchParams(page.search);
  const source: Record<string, string | null> = {};
  for (const [param, field] of CAMPAIGN_PARAMS) source[field] = params.get(param);
  let host = "";
  try {
    host = new URL(page.referrer).hostname;
  } catch {
    // No referrer, or one the URL parser refuses: nothing to note.
  }
  const inside = host === page.hostname;
  if (!inside) source.referrer = host;
  const campaign = cleanSource(source);
  if (inside && Object.keys(campaign).length === 0) return undefined;
  return isSourceValue("landingPath", page.pathname) ? { ...campaign, landingPath: page.pathname } : campaign;
}

const sessionStore = (): Storage | undefined => {
  try {
    return sessionStorage;
  } catch {
    return undefined; // storage blocked by the browser's settings
  }
};

/** The session's first touch, when one was kept (checked again: storage is not trusted). */
export function storedSource(): LeadSource | undefined {
  try {
    const raw = sessionStore()?.getItem(SOURCE_STORAGE_KEY);
    return raw ? cleanSource(JSON.parse(raw)) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Applies the visitor's analytics choice to the stored touch: with consent, keeps this page's source unless the
 * session already has one (first touch wins); without it, deletes any kept source.
 */
export function keepSource(analyticsConsent: boolean, page: PageFacts): void {
  try {
    const storage = sessionStore();
    if (!analyticsConsent) storage?.removeItem(SOURCE_STORAGE_KEY);
    else if (storage && storage.getItem(SOURCE_STORAGE_KEY) === null) {
      const source = pageSource(page);
      if (source) storage.setItem(SOURCE_STORAGE_KEY, JSON.stringify(source));
    }
  } catch {
    // Storage full or blocked: the lead falls back to its own page's source.
  }
}

declare global {
  /**
   * The address of the page a page swapped into this document was reached from (src/client/page-swap.ts): its
   * referrer, as a page load would have had it. On `globalThis`, since the loader and the island chunks that read it
   * each bundle this module.
   */
  var siteSwappedFrom: string | undefined;
}

/** The current page's facts. */
export function currentPage(): PageFacts {
  return {
    search: location.search,
    pathname: location.pathname,
    hostname: location.hostname,
    referrer: globalThis.siteSwappedFrom ?? document.referrer,
  };
}

/** The source a lead sent now carries: the session's first touch with consent, else what this page shows. */
export function leadSource(analyticsConsent: boolean, page: PageFacts = currentPage()): LeadSource {
  return (analyticsConsent ? storedSource() : undefined) ?? pageSource(page) ?? {};
}
