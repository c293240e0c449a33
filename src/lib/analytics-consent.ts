/**
 * Whether the visitor's valid choice allows analytics, as an attribute of <html>: set by the consent head script before
 * any other script runs and by the consent store on every change, so no other script parses the stored choice again.
 */
const ATTRIBUTE = "data-analytics-consent";

export function markAnalyticsConsent(root: HTMLElement, granted: boolean): void {
  root.toggleAttribute(ATTRIBUTE, granted);
}

export function hasAnalyticsConsent(root: HTMLElement): boolean {
  return root.hasAttribute(ATTRIBUTE);
}
