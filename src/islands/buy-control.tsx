import { useEffect, useId, useRef, useState } from "react";
import { ContactFallback } from "../components/forms/contact-fallback.tsx";
import { ProductInquiryForm } from "../components/forms/product-inquiry-form.tsx";
import { BuyLink, buyButtonClass } from "../components/product/buy-link.tsx";
import type { BuyControlProps } from "../lib/buy-mode.ts";
import { trapFocus } from "../lib/focus-trap.ts";

/**
 * The stateful buy controls of a product (SPEC, buy control rule). Pages render them through BuyAction
 * (src/components/product/buy-action.tsx), which hydrates this island on "interaction" only where state lives:
 * - mode "dialog": Buy Now opens the purchase dialog 'Buy {product name}' with the inquiry form;
 * - mode "options": a dropdown of the purchase options, each opening its URL in a new tab.
 * The "marketplace" mode is a plain link, rendered without an island (src/components/product/buy-link.tsx).
 */
export default function BuyControl(props: BuyControlProps) {
  const className = buyButtonClass(props);
  if (props.mode === "dialog") return <BuyDialog {...props} className={className} />;
  if (props.mode === "options" && props.purchaseOptions.length > 0) return <BuyOptions {...props} className={className} />;
  return <BuyLink {...props} />;
}

type Looks = BuyControlProps & { className: string };

function BuyDialog({ productName, dialogDescription, contactEmail, contactPhone, className, block }: Looks) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const [notice, setNotice] = useState("");

  const open = () => {
    setNotice("");
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  };
  const close = () => dialog.current?.close();

  return (
    <div className={block ? "buy-control buy-control--block" : "buy-control"}>
      <button ref={opener} type="button" className={className} aria-haspopup="dialog" onClick={open}>
        Buy Now
      </button>
      <dialog
        ref={dialog}
        className="dialog dialog--wide buy-dialog"
        aria-labelledby={titleId}
        onClick={(event) => event.target === dialog.current && close()}
        onKeyDown={(event) => dialog.current && trapFocus(dialog.current, event.nativeEvent)}
        onClose={() => opener.current?.focus()}
      >
        <div className="dialog__header">
          <h2 id={titleId}>Buy {productName}</h2>
          <button type="button" className="dialog__close" aria-label="Close" onClick={close}>
            <CloseIcon />
          </button>
        </div>
        <div className="dialog__body">
          {dialogDescription && <p className="muted">{dialogDescription}</p>}
          <ProductInquiryForm
            productName={productName}
            contactEmail={contactEmail}
            contactPhone={contactPhone}
            onCancel={close}
            onSent={(message) => {
              close();
              setNotice(message);
            }}
          />
        </div>
      </dialog>
      <p className="buy-control__notice" role="status">
        {notice}
      </p>
      <ContactFallback email={contactEmail} phone={contactPhone}>
        The order form could not load.
      </ContactFallback>
    </div>
  );
}

function BuyOptions({ marketplaceName, purchaseOptions, className, block }: Looks) {
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!open) return;
    const onDocClick = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("click", onDocClick);
    return () => document.removeEventListener("click", onDocClick);
  }, [open]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the wrapper only hears Escape and focus leaving its button and links.
    <div
      ref={root}
      className={block ? "dropdown buy-control buy-control--block" : "dropdown buy-control"}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className={className}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        Buy on {marketplaceName}
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      {/* If the island fails, the loader reveals the list: its links work without it. */}
      <ul className="dropdown__panel buy-control__options" id={menuId} hidden={!open} data-island-fallback="">
        {purchaseOptions.map((option) => (
          <li key={option.url}>
            <a className="dropdown__item" href={option.url} rel="noopener" target="_blank" onClick={() => setOpen(false)}>
              <strong>{option.label}</strong>
              {option.description && <span>{option.description}</span>}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function CloseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M18 6 6 18M6 6l12 12" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
