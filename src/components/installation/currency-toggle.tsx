import { CURRENCIES, CURRENCY_STORAGE_KEY, DEFAULT_CURRENCY } from "../../lib/currency.ts";
import { InlineScript } from "../inline-script.tsx";

/**
 * INR / USD switch of /installation. Prices are server-rendered in both currencies inside the element `targetId`,
 * which must contain this toggle: the placed script at its end (src/client/inline/currency.ts) writes the visitor's
 * currency (stored choice, else country, else DEFAULT_CURRENCY: src/lib/currency.ts) to that element's
 * `data-choice-value` before the prices below are parsed; the eager loader's choice group (src/client/controls.ts)
 * does the same on a click and remembers the choice in localStorage. The stylesheet puts the chosen price first.
 * Without JavaScript the markup's DEFAULT_CURRENCY stands.
 */
export function CurrencyToggle({ targetId }: { targetId: string }) {
  return (
    <fieldset className="currency-toggle" data-choice={CURRENCY_STORAGE_KEY} data-choice-for={targetId}>
      <legend className="visually-hidden">Show prices in</legend>
      {CURRENCIES.map((c) => (
        <button key={c} type="button" value={c} aria-pressed={c === DEFAULT_CURRENCY}>
          {c === "INR" ? "INR (₹)" : "USD ($)"}
        </button>
      ))}
      <InlineScript name="currency" />
    </fieldset>
  );
}
