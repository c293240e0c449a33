import { useEffect, useRef } from "react";
import { trapFocus } from "../lib/focus-trap.ts";

interface ContactDialogProps {
  /** id of the server-rendered <dialog> this button opens. */
  dialogId: string;
}

/**
 * The floating 'Contact us' button. Opens the server-rendered dialog as a modal; Escape (native), the close button
 * (native, a method=dialog form) and a click outside close it; Tab stays inside; focus returns here afterwards.
 */
export default function ContactDialog({ dialogId }: ContactDialogProps) {
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const dialog = document.getElementById(dialogId);
    if (!(dialog instanceof HTMLDialogElement)) return;
    const onBackdrop = (event: MouseEvent) => {
      // The dialog has no padding of its own: a click on the element itself is a click on the backdrop.
      if (event.target === dialog) dialog.close();
    };
    const onKey = (event: KeyboardEvent) => trapFocus(dialog, event);
    const onClose = () => button.current?.focus();
    dialog.addEventListener("click", onBackdrop);
    dialog.addEventListener("keydown", onKey);
    dialog.addEventListener("close", onClose);
    return () => {
      dialog.removeEventListener("click", onBackdrop);
      dialog.removeEventListener("keydown", onKey);
      dialog.removeEventListener("close", onClose);
    };
  }, [dialogId]);

  const open = () => {
    const dialog = document.getElementById(dialogId);
    if (dialog instanceof HTMLDialogElement && !dialog.open) dialog.showModal();
  };

  return (
    <button ref={button} type="button" className="floating-contact" aria-haspopup="dialog" aria-controls={dialogId} onClick={open}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <rect x="2.5" y="4.5" width="19" height="15" rx="2.5" />
          <path d="m3 7 9 6 9-6" />
        </g>
      </svg>
      <span>Contact us</span>
    </button>
  );
}
