import { trackEvent } from "./analytics.ts";

/** Marks a marketplace buy link: its value is the product's id; data-item-name holds its name. */
const ITEM_LINK_ATTRIBUTE = "data-item-id";

/**
 * GA4's `select_item` when the visitor follows a marketplace buy link. The links are plain HTML on every page
 * that sells, so one delegated listener of the eager loader serves them all; the link itself is never held up.
 */
export function listenForItemLinks(root: Document): void {
  root.addEventListener("click", (event) => {
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>(`a[${ITEM_LINK_ATTRIBUTE}]`);
    if (!link) return;
    const { itemId = "", itemName = "" } = link.dataset;
    trackEvent("select_item", { items: [{ item_id: itemId, item_name: itemName }] });
  });
}
