import { Mail, PhoneCall, X } from "lucide-react";
import ContactDialog from "../../islands/contact-dialog.tsx";
import { Island } from "../../lib/island.tsx";
import { telUrl, whatsappUrl } from "../../lib/urls.ts";
import { WhatsappIcon } from "../icon.tsx";
import { useSiteContext } from "../site-context.tsx";

const DIALOG_ID = "contact-dialog";

/**
 * The floating 'Contact us' button and its 'Send us an email' dialog. The dialog is server HTML (a native <dialog>
 * whose close button works without script); the island is the button, which opens it as a modal and adds closing on
 * an outside click, a focus trap and focus return.
 */
export function FloatingContact() {
  const { site } = useSiteContext().content;
  const { contact } = site;
  return (
    <>
      <Island of={ContactDialog} props={{ dialogId: DIALOG_ID }} hydrate="interaction" />
      <dialog className="dialog contact-dialog" id={DIALOG_ID} aria-labelledby="contact-dialog-title">
        <div className="dialog__header">
          <h2 id="contact-dialog-title">Send us an email</h2>
          <form method="dialog">
            <button type="submit" className="dialog__close" aria-label="Close">
              <X aria-hidden="true" />
            </button>
          </form>
        </div>
        <div className="dialog__body contact-dialog__body">
          <div className="contact-dialog__item">
            <span className="icon-tile icon-tile--sm">
              <Mail aria-hidden="true" />
            </span>
            <div>
              <a className="contact-dialog__link" href={`mailto:${contact.email}`}>
                {contact.email}
              </a>
              <p>{contact.emailReply}</p>
            </div>
          </div>
          <div className="contact-dialog__item">
            <span className="icon-tile icon-tile--sm">
              <PhoneCall aria-hidden="true" />
            </span>
            <div>
              <h3>Give us a call</h3>
              <p>{contact.callHours}</p>
              <a className="contact-dialog__link" href={telUrl(contact.phone)}>
                {/* A phone number must not break across lines. */}
                {contact.phone.replace(/ /g, "\u00a0")}
              </a>
            </div>
          </div>
          <div className="contact-dialog__item">
            <span className="icon-tile icon-tile--sm contact-dialog__whatsapp">
              <WhatsappIcon />
            </span>
            <div>
              <h3>Send us a message</h3>
              <a className="contact-dialog__link" href={whatsappUrl(contact.whatsapp)} rel="noopener" target="_blank">
                Chat on WhatsApp
              </a>
              <p>{contact.whatsappReply}</p>
            </div>
          </div>
          <a className="contact-dialog__page" href="/contact">
            Contact Page →
          </a>
        </div>
      </dialog>
    </>
  );
}
