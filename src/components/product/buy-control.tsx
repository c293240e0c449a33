import { type ReactNode, useId } from "react";
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
 * The product's buy control wherever the catalogue offers a product (cards, detail hero, closing call to action, home's
 * explorer), by the buy control rule (src/lib/buy-mode.ts): Buy Now opening the product inquiry dialog, the purchase options
 * dropdown, or the marketplace link. All three answer a tap with no download: the dialog opens natively and its form
 * island wakes behind it; the dropdown is a disclosure run by the eager loader (src/client/controls.ts).
 */
export function BuyControl({
  product,
  tone,
  block,
  dialogId,
}: {
  product: BuyControlProduct;
  /**
   * For a product sold directly: the id of its inquiry dialog rendered elsewhere on the page (BuyNowDialog), for a
   * control in markup fetched after load (home's explorer panels), where an island could not wake. Without it the
   * dialog is rendered right after the button.
   */
  dialogId?: string;
} & Pick<BuyControlProps, "tone" | "block">) {
  const { content } = useSiteContext();
  const props = buyControlProps(product, content.site, { tone, block });
  if (props.mode === "dialog" && dialogId) return <BuyNowButton props={props} dialogId={dialogId} shared />;
  if (props.mode === "dialog") return <ProductInquiryDialog {...props} />;
  if (props.mode === "options" && props.purchaseOptions.length > 0) return <BuyOptions {...props} />;
  return <BuyLink {...props} />;
}

/**
 * One product inquiry dialog for several products sold directly (home's explorer), opened by Buy Now buttons that
 * name it by `dialogId` and carry their product: the eager loader writes the tapped product into it as it opens
 * (src/client/controls.ts), and its form sends that product (src/islands/product-inquiry-form.tsx). It starts as the
 * first product's.
 */
export function SharedBuyDialog({ products, dialogId }: { products: BuyControlProduct[]; dialogId: string }) {
  const { content } = useSiteContext();
  const [first] = products;
  if (!first) return null;
  return <InquiryDialog props={buyControlProps(first, content.site)} dialogId={dialogId} shared />;
}

function ProductInquiryDialog(props: BuyControlProps) {
  const dialogId = `${useId()}buy`;
  return (
    <BuyNowButton props={props} dialogId={dialogId}>
      <InquiryDialog props={props} dialogId={dialogId} />
    </BuyNowButton>
  );
}

function BuyNowButton({
  props,
  dialogId,
  shared = false,
  children,
}: {
  props: BuyControlProps;
  dialogId: string;
  /** The dialog serves several products: the button says which one it is for. */
  shared?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className={props.block ? "buy-control buy-control--block" : "buy-control"}>
      <button
        type="button"
        className={buyButtonClass(props)}
        aria-haspopup="dialog"
        command="show-modal"
        commandfor={dialogId}
        {...(shared && {
          "data-product-id": props.productId,
          "data-product-name": props.productName,
          "data-product-description": props.dialogDescription,
        })}
      >
        Buy Now
      </button>
      {children}
    </div>
  );
}

function InquiryDialog({
  props,
  dialogId,
  shared = false,
}: {
  props: BuyControlProps;
  dialogId: string;
  shared?: boolean;
}) {
  const slot = (name: "name" | "description") => (shared ? { "data-product-slot": name } : {});
  return (
    <dialog
      id={dialogId}
      className="dialog dialog--wide product-inquiry-dialog"
      aria-labelledby={`${dialogId}-title`}
      {...(shared && { "data-product-id": props.productId, "data-product-name": props.productName })}
    >
      <div className="dialog__header">
        <h2 id={`${dialogId}-title`}>
          Buy {shared ? <span {...slot("name")}>{props.productName}</span> : props.productName}
        </h2>
        <button type="button" className="dialog__close" aria-label="Close" command="close" commandfor={dialogId}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M18 6 6 18M6 6l12 12" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <div className="dialog__body">
        {(shared || props.dialogDescription) && (
          <p className="muted" hidden={!props.dialogDescription} {...slot("description")}>
            {props.dialogDescription}
          </p>
        )}
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
