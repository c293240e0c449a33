import { useId } from "react";
import ProductInquiryForm from "../../islands/product-inquiry-form.tsx";
import { buyMode } from "../../lib/buy-mode.ts";
import { Island } from "../../lib/island-wrapper.tsx";
import type { Product } from "../../schemas/product.ts";
import { useSiteContext } from "../site-context.tsx";
import { ChevronDownIcon, ExternalLink } from "../icon.tsx";

export type BuyControlProduct = Pick<
  Product,
  "id" | "name" | "codecanyonUrl" | "sellDirectly" | "purchaseOptions" | "directSaleDescription"
>;

interface BuyControlProps {
  product: BuyControlProduct;
  /** "light" for dark bands. */
  tone?: "primary" | "light";
  block?: boolean;
}

/**
 * A product's buy control by the buy control rule (src/lib/buy-mode.ts): Buy Now and its inquiry dialog, the purchase
 * options dropdown, or the marketplace link. All three answer a tap with no download. The links' data attributes name
 * the product for the `select_item` event (src/client/item-links.ts).
 */
export function BuyControl({ product, tone = "primary", block = false }: BuyControlProps) {
  const { marketplace } = useSiteContext().content.site;
  const button = `button ${tone === "light" ? "button--light" : "button--primary"}${block ? " button--block" : ""}`;
  const mode = buyMode(product);
  if (mode === "dialog") return <ProductInquiryDialog product={product} button={button} block={block} />;
  if (mode === "options") return <BuyOptions product={product} button={button} block={block} />;
  return (
    <a
      className={button}
      href={product.codecanyonUrl}
      rel="noopener"
      target="_blank"
      data-item-id={product.id}
      data-item-name={product.name}
    >
      Buy on {marketplace.name}
      <ExternalLink size={16} />
    </a>
  );
}

type ModeProps = { product: BuyControlProduct; button: string; block: boolean };

/** Buy Now and its inquiry dialog, right after the button (home's explorer brings it in the product's panel). */
function ProductInquiryDialog({ product, button, block }: ModeProps) {
  const dialogId = `${useId()}buy`;
  const { contact } = useSiteContext().content.site;
  return (
    <div className={block ? "buy-control buy-control--block" : "buy-control"}>
      <button type="button" className={button} aria-haspopup="dialog" command="show-modal" commandfor={dialogId}>
        Buy Now
      </button>
      <dialog
        id={dialogId}
        className="dialog dialog--wide product-inquiry-dialog"
        aria-labelledby={`${dialogId}-title`}
      >
        <div className="dialog__header">
          <h2 id={`${dialogId}-title`}>Buy {product.name}</h2>
          <button type="button" className="dialog__close" aria-label="Close" command="close" commandfor={dialogId}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M18 6 6 18M6 6l12 12" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div className="dialog__body">
          {product.directSaleDescription && <p className="muted">{product.directSaleDescription}</p>}
          <Island
            of={ProductInquiryForm}
            props={{
              productId: product.id,
              productName: product.name,
              dialogId,
              contactEmail: contact.email,
              contactPhone: contact.phone,
            }}
            hydrate="visible"
            prefetch
          />
        </div>
      </dialog>
    </div>
  );
}

function BuyOptions({ product, button, block }: ModeProps) {
  const menuId = `${useId()}options`;
  const { marketplace } = useSiteContext().content.site;
  return (
    <div className={block ? "dropdown buy-control buy-control--block" : "dropdown buy-control"} data-disclosure-root="">
      <button type="button" className={button} data-disclosure="menu" aria-expanded="false" aria-controls={menuId}>
        Buy on {marketplace.name}
        <ChevronDownIcon size={16} />
      </button>
      <ul className="dropdown__panel buy-control__options" id={menuId} hidden>
        {product.purchaseOptions?.map((option) => (
          <li key={option.url}>
            <a
              className="dropdown__item"
              href={option.url}
              rel="noopener"
              target="_blank"
              data-item-id={product.id}
              data-item-name={product.name}
            >
              <strong>{option.label}</strong>
              {option.description && <span>{option.description}</span>}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
