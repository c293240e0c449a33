import { NEWSLETTER_PAGES } from "../../lib/newsletter.ts";

/**
 * The confirm and unsubscribe pages (placed by src/components/blog/newsletter-link-page.tsx): puts the mailed link's
 * token into the form and shows its button; a page opened without one is the "link does not work" page.
 */
(() => {
  const section = document.currentScript?.parentElement;
  const form = section?.querySelector("form");
  const input = form?.querySelector<HTMLInputElement>("input[name=token]");
  const note = section?.querySelector<HTMLElement>(".newsletter-outcome__no-script");
  if (!form || !input || !note) return;
  const token = new URLSearchParams(location.search).get("token");
  if (!token) {
    location.replace(NEWSLETTER_PAGES.invalidLink);
    return;
  }
  input.value = token;
  form.hidden = false;
  note.hidden = true;
})();
