import { useId } from "react";
import ProductInquiryForm from "../../islands/product-inquiry-form.tsx";
import { type BuyControlProps, buyControlProps } from "../../lib/buy-mode.ts";
import { Island } from "../../lib/island-wrapper.tsx";
import type { Product } from "../../schemas/product.ts";
import { useSiteContext } from "../site-context.tsx";
import { BuyLink, buyButtonClass } from "./buy-link.tsx";
import { ChevronDownIcon } from "../icon.tsx";

export type BuyControlProduct = Pick<
  Product,
  "id" | "name" | "codecanyonUrl" | "sellDirectly" | "purchaseOptions" | "directSaleDescription"
>;

/**
 * A product's buy control by the buy control rule (src/lib/buy-mode.ts): Buy Now and its inquiry dialog, the purchase
 * options dropdown, or the marketplace link. All three answer a tap with no download.
 */
export function BuyControl({
  product,
  tone,
  block,
}: {
  product: BuyControlProduct;
} & Pick<BuyControlProps, "tone" | "block">) {
  const { content } = useSiteContext();
  const props = buyControlProps(product, content.site, { tone, block });
  if (props.mode === "dialog") return <ProductInquiryDialog {...props} />;
  if (props.mode === "options" && props.purchaseOptions.length > 0) return <BuyOptions {...props} />;
  return <BuyLink {...props} />;
}

/** Buy Now and its inquiry dialog, right after the button (home's explorer brings it in the product's panel). */
function ProductInquiryDialog(props: BuyControlProps) {
  const dialogId = `${useId()}buy`;
  return (
    <div className={props.block ? "buy-control buy-control--block" : "buy-control"}>
      <button
        type="button"
        className={buyButtonClass(props)}
        aria-haspopup="dialog"
        command="show-modal"
        commandfor={dialogId}
      >
        Buy Now
      </button>
      <dialog
        id={dialogId}
        className="dialog dialog--wide product-inquiry-dialog"
        aria-labelledby={`${dialogId}-title`}
      >
        <div className="dialog__header">
          <h2 id={`${dialogId}-title`}>Buy {props.productName}</h2>
          <button type="button" className="dialog__close" aria-label="Close" command="close" commandfor={dialogId}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M18 6 6 18M6 6l12 12" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div className="dialog__body">
          {props.dialogDescription && <p className="muted">{props.dialogDescription}</p>}
          <Island
            of={ProductInquiryForm}
            props={{
              productId: props.productId,
              productName: props.productName,
              dialogId,
              contactEmail: props.contactEmail,
              contactPhone: props.contactPhone,
            }}
            hydrate="visible"
            prefetch
          />
        </div>
      </dialog>
    </div>
  );
}

function BuyOptions(props: BuyControlProps) {
  const menuId = `${useId()}options`;
  return (
    <div
      className={props.block ? "dropdown buy-control buy-control--block" : "dropdown buy-control"}
      data-disclosure-root=""
    >
      <button
        type="button"
        className={buyButtonClass(props)}
        data-disclosure="menu"
        aria-expanded="false"
        aria-controls={menuId}
      >
        Buy on {props.marketplaceName}
        <ChevronDownIcon size={16} />
      </button>
      <ul className="dropdown__panel buy-control__options" id={menuId} hidden>
        {props.purchaseOptions.map((option) => (
          <li key={option.url}>
            <a
              className="dropdown__item"
              href={option.url}
              rel="noopener"
              target="_blank"
              data-item-id={props.productId}
              data-item-name={props.productName}
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
