/** "₹25,000" */
export const formatInr = (amount: number) =>
  new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 }).format(amount);

/** "$299" */
export const formatUsd = (amount: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 }).format(amount);

/**
 * "$59", "€49.50": a product price in its own currency, cents only when there are some. A price still being typed
 * (no currency yet, "EU", an amount that is not a number) is written as it stands instead of throwing: Intl refuses a
 * currency that is not three letters.
 */
export const formatPrice = ({ amount, currency }: { amount: number; currency: string }) => {
  const code = typeof currency === "string" ? currency.trim() : "";
  if (typeof amount !== "number" || !Number.isFinite(amount)) return code;
  const digits = { maximumFractionDigits: Number.isInteger(amount) ? 0 : 2 };
  if (!/^[A-Za-z]{3}$/.test(code))
    return [new Intl.NumberFormat("en-US", digits).format(amount), code].join(" ").trim();
  return new Intl.NumberFormat("en-US", { style: "currency", currency: code, ...digits }).format(amount);
};
