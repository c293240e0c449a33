import { Mail, PhoneCall, X } from "../icon.tsx";
import { telUrl, whatsappUrl } from "../../lib/urls.ts";
import { WhatsappIcon } from "../icon.tsx";
import { useSiteContext } from "../site-context.tsx";

const DIALOG_ID = "contact-dialog";

/**
 * The floating 'Contact us' button and its 'Send us an email' dialog, a native <dialog> it opens with an invoker
 * command; no island (the eager loader adds outside clicks and the focus trap).
 */
export function FloatingContact() {
  const { contact } = useSiteContext().content.site;
  return (
    <>
      <button
        type="button"
        className="floating-contact"
        command="show-modal"
        commandfor={DIALOG_ID}
        aria-haspopup="dialog"
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <rect x="2.5" y="4.5" width="19" height="15" rx="2.5" />
            <path d="m3 7 9 6 9-6" />
          </g>
        </svg>
        <span>Contact us</span>
      </button>
      <dialog className="dialog contact-dialog" id={DIALOG_ID} aria-labelledby="contact-dialog-title">
        <div className="dialog__header">
          <h2 id="contact-dialog-title">Send us an email</h2>
          <button type="button" className="dialog__close" aria-label="Close" command="close" commandfor={DIALOG_ID}>
            <X aria-hidden="true" />
          </button>
        </div>
        {/* Each item: its icon as a tile beside its lines, in the item's own grid (shell.css), with no wrappers. */}
        <div className="dialog__body contact-dialog__body">
          <div className="contact-dialog__item">
            <Mail className="icon-tile icon-tile--sm" />
            <a className="contact-dialog__link" href={`mailto:${contact.email}`}>
              {contact.email}
            </a>
            <p>{contact.emailReply}</p>
          </div>
          <div className="contact-dialog__item">
            <PhoneCall className="icon-tile icon-tile--sm" />
            <h3>Give us a call</h3>
            <p>{contact.callHours}</p>
            <a className="contact-dialog__link" href={telUrl(contact.phone)}>
              {/* A phone number must not break across lines. */}
              {contact.phone.replace(/ /g, "\u00a0")}
            </a>
          </div>
          <div className="contact-dialog__item">
            <WhatsappIcon className="icon-tile icon-tile--sm contact-dialog__whatsapp" />
            <h3>Send us a message</h3>
            <a className="contact-dialog__link" href={whatsappUrl(contact.whatsapp)} rel="noopener" target="_blank">
              Chat on WhatsApp
            </a>
            <p>{contact.whatsappReply}</p>
          </div>
          <a className="contact-dialog__page" href="/contact">
            Contact Page →
          </a>
        </div>
      </dialog>
    </>
  );
}
