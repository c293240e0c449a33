import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { loadStylesheet } from "../client/load-stylesheet.ts";
import { COOKIE_BANNER_ID } from "../lib/consent.ts";
import { WHATSAPP_SHOWN_KEY } from "../lib/limits.ts";
import { whatsappUrl } from "../lib/urls.ts";

interface WhatsAppPopupProps {
  /** WhatsApp number, digits only with the country code (content/site.yaml contact.whatsapp). */
  whatsapp: string;
  /** Its page sheet (src/styles/pages/whatsapp.css), linked when the popup is due: no page loads it before. */
  stylesheet: string;
}

/**
 * 'Let's Connect on WhatsApp!' (SPEC sections 2 and 4): a non-modal dialog shown once per browser session. The wait
 * (10 s after the page started loading, restarted by any scroll, skipped once the session flag exists) runs in the
 * small inline script src/client/inline/whatsapp-timer.ts, which wakes this island when the popup is due, so pages
 * load none of this code, nor React, before then. Client-only. It sits above the cookie banner while that is shown,
 * never over its buttons.
 */
export default function WhatsAppPopup({ whatsapp, stylesheet }: WhatsAppPopupProps) {
  const [open, setOpen] = useState(true);
  const [styled, setStyled] = useState(false);
  const popup = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    void loadStylesheet(stylesheet).then(() => setStyled(true));
  }, [stylesheet]);

  useEffect(() => {
    try {
      sessionStorage.setItem(WHATSAPP_SHOWN_KEY, "true");
    } catch {
      // Without sessionStorage the popup shows once per page.
    }
  }, []);

  useLayoutEffect(() => {
    const element = popup.current;
    if (!open || !styled || !element) return;
    const place = () => {
      element.style.bottom = clearanceOverBanner();
    };
    place();
    // The banner goes when the visitor decides (the class on <html> changes) and changes height with the window.
    const observer = new MutationObserver(place);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
    addEventListener("resize", place);
    return () => {
      observer.disconnect();
      removeEventListener("resize", place);
    };
  }, [open, styled]);

  if (!open || !styled) return null;
  const close = () => setOpen(false);
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key === "Escape") close();
  };
  return (
    <dialog ref={popup} open className="whatsapp-popup" aria-labelledby={titleId} onKeyDown={closeOnEscape}>
      <h2 id={titleId} className="whatsapp-popup__title">
        Let's Connect on WhatsApp!
      </h2>
      <p className="whatsapp-popup__question">Have Questions?</p>
      <p>Chat with our team about our apps, installation or a custom project.</p>
      <div className="whatsapp-popup__actions">
        <a
          className="button whatsapp-popup__chat"
          href={whatsappUrl(whatsapp)}
          target="_blank"
          rel="noopener noreferrer"
          onClick={close}
        >
          Open WhatsApp Chat
        </a>
        <button type="button" className="button" onClick={close}>
          Maybe Later
        </button>
      </div>
      <p className="whatsapp-popup__note">We typically respond within minutes during business hours</p>
    </dialog>
  );
}

/** The popup's bottom offset: above the cookie banner while it is shown, else the stylesheet's default. */
function clearanceOverBanner(): string {
  const banner = document.getElementById(COOKIE_BANNER_ID);
  if (!banner || banner.getClientRects().length === 0) return "";
  const covered = Math.max(0, window.innerHeight - banner.getBoundingClientRect().top);
  return `calc(${Math.round(covered)}px + var(--space-4))`;
}
