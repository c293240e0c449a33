import CookieBanner from "../islands/cookie-banner.tsx";
import Toaster from "../islands/toaster.tsx";
import { FloatingContact } from "../components/shell/floating-contact.tsx";
import { WhatsAppPopup } from "../components/shell/whatsapp-popup.tsx";
import { SiteFooter } from "../components/site-footer.tsx";
import { SiteHeader } from "../components/site-header.tsx";
import { Island } from "../lib/island-wrapper.tsx";
import { TOAST_EVENT } from "../stores/toast.ts";

/* The shell: what every page's <body> holds around its <main> (put together by build/render.tsx). */

/** Before <main>: the skip link and the header. */
export function ShellTop() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
    </>
  );
}

/** After <main>: the footer, the floating contact button and the site-wide overlays outside the page flow. */
export function ShellBottom() {
  return (
    <>
      <SiteFooter />
      <FloatingContact />
      <Island of={CookieBanner} props={{}} hydrate="interaction" />
      <WhatsAppPopup />
      <Island of={Toaster} props={{}} hydrate={`event:${TOAST_EVENT}`} />
    </>
  );
}
