// Placed as the last child of the currency toggle on /installation (src/pages/installation.tsx),
// so it runs while the page is parsed, after the toggle's buttons and before any price: the first paint already shows
// the visitor's currency first, and the HTML stays the same for every country (src/lib/currency.ts says which).
// The toggle's clicks are handled by the eager loader (src/client/controls.ts).
import { applyChoice } from "../../lib/choice-group.ts";
import { chosenCurrency } from "../../lib/currency.ts";

const group = document.currentScript?.parentElement;
if (group)
  applyChoice(
    group,
    chosenCurrency(
      () => localStorage,
      () => document.cookie,
    ),
  );
