import { useEffect, useId, useRef, useState } from "react";
import { ProductInquiryForm } from "../components/forms/product-inquiry-form.tsx";
import type { BuyControlProps } from "../lib/buy-mode.ts";
import { trapFocus } from "../lib/focus-trap.ts";

/**
 * The buy control of a product (SPEC, buy control rule), reused by home, /products and the product pages. Build its
 * props with `buyControlProps(product, site)` from src/lib/buy-mode.ts; hydrate it on "interaction".
 * - mode "dialog": Buy Now opens the purchase dialog 'Buy {product name}' with the inquiry form;
 * - mode "options": a dropdown of the purchase options, each opening its URL in a new tab;
 * - mode "marketplace": a link to the product's marketplace page in a new tab.
 */
export default function BuyControl(props: BuyControlProps) {
  const className = buttonClass(props);
  if (props.mode === "dialog") return <BuyDialog {...props} className={className} />;
  if (props.mode === "options" && props.purchaseOptions.length > 0) return <BuyOptions {...props} className={className} />;
  return (
    <a className={className} href={props.marketplaceUrl} rel="noopener" target="_blank">
      Buy on {props.marketplaceName}
      <ExternalIcon />
    </a>
  );
}

function buttonClass({ size = "md", tone = "primary", block = false }: BuyControlProps): string {
  return [
    "button",
    tone === "light" ? "button--light" : "button--primary",
    size === "md" ? "" : `button--${size}`,
    block ? "button--block" : "",
  ]
    .filter(Boolean)
    .join(" ");
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
      <ul className="dropdown__panel buy-control__options" id={menuId} hidden={!open}>
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

function ExternalIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M15 3h6v6M10 14 21 3M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function CloseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M18 6 6 18M6 6l12 12" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
