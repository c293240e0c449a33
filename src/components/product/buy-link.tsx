import type { BuyControlProps } from "../../lib/buy-mode.ts";

/** The button classes of a buy control, from its looks. */
export function buyButtonClass({
  size = "md",
  tone = "primary",
  block = false,
}: Pick<BuyControlProps, "size" | "tone" | "block">): string {
  return [
    "button",
    tone === "light" ? "button--light" : "button--primary",
    size === "md" ? "" : `button--${size}`,
    block ? "button--block" : "",
  ]
    .filter(Boolean)
    .join(" ");
}

/**
 * The buy control of a product bought on the marketplace: a plain link to its page there, working whether or not any
 * script loads. Its data attributes name the product for the `select_item` event (src/client/item-links.ts).
 */
export function BuyLink(
  props: Pick<
    BuyControlProps,
    "productId" | "productName" | "marketplaceUrl" | "marketplaceName" | "size" | "tone" | "block"
  >,
) {
  return (
    <a
      className={buyButtonClass(props)}
      href={props.marketplaceUrl}
      rel="noopener"
      target="_blank"
      data-item-id={props.productId}
      data-item-name={props.productName}
    >
      Buy on {props.marketplaceName}
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <path
          d="M15 3h6v6M10 14 21 3M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </a>
  );
}
