const CURRENCIES = ["INR", "USD"] as const;
export const CURRENCY_STORAGE_KEY = "installation-currency";

/**
 * INR / USD switch of /installation (INR by default). Prices are server-rendered in both currencies inside the element
 * `targetId`; the eager loader's choice group (src/client/controls.ts) writes the choice to its `data-choice-value`,
 * which the stylesheet reads to put the chosen price first, and remembers it in localStorage across visits.
 */
export function CurrencyToggle({ targetId }: { targetId: string }) {
  return (
    <fieldset className="currency-toggle" data-choice={CURRENCY_STORAGE_KEY} data-choice-for={targetId}>
      <legend className="visually-hidden">Show prices in</legend>
      {CURRENCIES.map((c) => (
        <button key={c} type="button" value={c} aria-pressed={c === "INR"}>
          {c === "INR" ? "INR (₹)" : "USD ($)"}
        </button>
      ))}
    </fieldset>
  );
}
