import { useEffect, useState } from "react";

/**
 * INR / USD switch of /installation. Prices are server-rendered in both currencies inside the element `targetId`;
 * this island writes the choice to that element's `data-currency`, and the stylesheet highlights the chosen price.
 * The choice is remembered in localStorage, so it survives a reload.
 */
export interface CurrencyToggleProps {
  targetId: string;
}

export const CURRENCIES = ["INR", "USD"] as const;
export type Currency = (typeof CURRENCIES)[number];
export const CURRENCY_STORAGE_KEY = "installation-currency";

const isCurrency = (value: unknown): value is Currency => CURRENCIES.includes(value as Currency);

function storedCurrency(): Currency {
  try {
    const value = localStorage.getItem(CURRENCY_STORAGE_KEY);
    return isCurrency(value) ? value : "INR";
  } catch {
    return "INR";
  }
}

export default function CurrencyToggle({ targetId }: CurrencyToggleProps) {
  const [currency, setCurrency] = useState<Currency>("INR");

  useEffect(() => setCurrency(storedCurrency()), []);
  useEffect(() => {
    document.getElementById(targetId)?.setAttribute("data-currency", currency);
  }, [currency, targetId]);

  const choose = (next: Currency) => {
    setCurrency(next);
    try {
      localStorage.setItem(CURRENCY_STORAGE_KEY, next);
    } catch {
      // Storage can be unavailable (private mode, blocked); the choice then lasts for this page view.
    }
  };

  return (
    <fieldset className="currency-toggle">
      <legend className="visually-hidden">Show prices in</legend>
      {CURRENCIES.map((c) => (
        <button key={c} type="button" aria-pressed={c === currency} onClick={() => choose(c)}>
          {c === "INR" ? "INR (₹)" : "USD ($)"}
        </button>
      ))}
    </fieldset>
  );
}
