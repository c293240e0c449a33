import { NEWSLETTER_PAGES } from "../../lib/newsletter.ts";

/**
 * The first head script of the confirm and unsubscribe pages (PageHead.linkToken, src/layouts/document.tsx): takes the
 * mailed link's token out of the address before any other script runs, so neither the address bar, the history, a
 * later script nor an error report holds it, and keeps it in this closure only. Once the page is parsed, it puts the
 * token into the form (src/components/blog/newsletter-link-page.tsx) and shows its button; a page opened without one
 * (or reloaded: the token is gone from the address) is the "link does not work" page.
 */
(() => {
  const token = new URLSearchParams(location.search).get("token");
  history.replaceState(history.state, "", location.pathname + location.hash);
  if (!token) {
    location.replace(NEWSLETTER_PAGES.invalidLink);
    return;
  }
  const fill = () => {
    const section = document.querySelector(".newsletter-outcome");
    const form = section?.querySelector("form");
    const input = form?.querySelector<HTMLInputElement>("input[name=token]");
    const note = section?.querySelector<HTMLElement>(".newsletter-outcome__no-script");
    if (!form || !input || !note) return;
    input.value = token;
    form.hidden = false;
    note.hidden = true;
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fill, { once: true });
  else fill();
})();
