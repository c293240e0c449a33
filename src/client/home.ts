import { startCarousels } from "./carousel.ts";
import { startExplorers } from "./explorer.ts";

/**
 * Home's own code, one page module (build/bundle.ts PAGE_MODULES) that home places after its last carousel: the
 * carousels' controls and the product explorer. One request instead of two, and none on any other page.
 */
export function startPage(doc: Document): void {
  startCarousels(doc);
  startExplorers(doc);
}

startPage(document);
