import { WHATSAPP_POPUP_ID } from "../../lib/limits.ts";
import { whatsappUrl } from "../../lib/urls.ts";
import { useSiteContext } from "../site-context.tsx";

/**
 * 'Let's Connect on WhatsApp!' (SPEC sections 2 and 4): a closed non-modal <dialog> in every page, which
 * src/client/inline/whatsapp-timer.ts opens when due (once per session); no island.
 */
export function WhatsAppPopup() {
  const { whatsapp } = useSiteContext().content.site.contact;
  return (
    <dialog id={WHATSAPP_POPUP_ID} className="whatsapp-popup" aria-labelledby={`${WHATSAPP_POPUP_ID}-title`}>
      <h2 id={`${WHATSAPP_POPUP_ID}-title`} className="whatsapp-popup__title">
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
        >
          Open WhatsApp Chat
        </a>
        <button type="button" className="button" command="close" commandfor={WHATSAPP_POPUP_ID}>
          Maybe Later
        </button>
      </div>
      <p className="whatsapp-popup__note">We typically respond within minutes during business hours</p>
    </dialog>
  );
}
