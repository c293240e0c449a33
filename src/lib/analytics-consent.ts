/**
 * Whether the visitor's current, valid choice allows analytics, as an attribute of <html>: the consent head script sets
 * it from the stored choice before any other script runs, and the consent store updates it on every change. The eager
 * loader and the lead forms read it instead of parsing the stored choice again (which would cost the loader about half
 * a kilobyte).
 */
const ATTRIBUTE = "data-analytics-consent";

export function markAnalyticsConsent(root: HTMLElement, granted: boolean): void {
  root.toggleAttribute(ATTRIBUTE, granted);
}

export function hasAnalyticsConsent(root: HTMLElement): boolean {
  return root.hasAttribute(ATTRIBUTE);
}
