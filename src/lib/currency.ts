/**
 * Which currency /installation puts first: the visitor's stored choice, else their country's (a cookie the edge and the
 * local server set from the viewer country), else USD. The HTML is the same for everyone: a placed inline script
 * (src/client/inline/currency.ts) applies the result before the prices are parsed.
 */
export const CURRENCIES = ["INR", "USD"] as const;
export type Currency = (typeof CURRENCIES)[number];

export const CURRENCY_STORAGE_KEY = "installation-currency";
export const COUNTRY_CURRENCY_COOKIE = "country-currency";
/** The one page that shows prices in both currencies: the country cookie is set on its response alone. */
export const CURRENCY_PAGE = "/installation";
/**
 * That page only, for the session only: no other page keeps anything on the device before consent. Not HttpOnly (the
 * page's script reads it) nor Secure (no secret, and the local server speaks plain HTTP).
 */
export const COUNTRY_CURRENCY_COOKIE_ATTRIBUTES = `Path=${CURRENCY_PAGE}; SameSite=Lax`;

/** Whether the response to `path` (a URL path, or the file the edge rewrote it to) is the page with prices. */
export const showsPrices = (path: string) => path === CURRENCY_PAGE || path.startsWith(`${CURRENCY_PAGE}/`);

/** ISO 3166-1 alpha-2 country codes whose visitors see another currency than DEFAULT_CURRENCY first. */
export const COUNTRY_CURRENCIES: Readonly<Record<string, Currency>> = { IN: "INR" };
export const DEFAULT_CURRENCY: Currency = "USD";

const isCurrency = (value: unknown): value is Currency => CURRENCIES.some((c) => c === value);

/** The currency of a visitor in `country` (CloudFront-Viewer-Country, e.g. "IN"). */
export function currencyForCountry(country: string): Currency {
  const code = country.toUpperCase();
  return (Object.hasOwn(COUNTRY_CURRENCIES, code) && COUNTRY_CURRENCIES[code]) || DEFAULT_CURRENCY;
}

/**
 * The country cookie an HTML response should set, or undefined when the request carries that value already or has no
 * country (the page's default stands rather than a guess).
 * @param sent the value of COUNTRY_CURRENCY_COOKIE in the request, if any
 */
export function countryCurrencyCookie(country: string | undefined, sent: string | undefined): Currency | undefined {
  if (!country) return undefined;
  const currency = currencyForCountry(country);
  return sent === currency ? undefined : currency;
}

/** The value of cookie `name` in a Cookie header or `document.cookie`. */
export function readCookie(cookies: string, name: string): string | undefined {
  for (const pair of cookies.split(";")) {
    const at = pair.indexOf("=");
    if (at !== -1 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * The currency to show first: the stored choice, else the country cookie, else DEFAULT_CURRENCY. Either source may be
 * blocked (storage or cookies disabled, a sandboxed frame): each is read on its own, and a throw counts as absent.
 */
export function chosenCurrency(storage: () => Pick<Storage, "getItem">, cookies: () => string): Currency {
  const attempt = (read: () => string | null | undefined) => {
    try {
      return read();
    } catch {
      return undefined;
    }
  };
  const stored = attempt(() => storage().getItem(CURRENCY_STORAGE_KEY));
  if (isCurrency(stored)) return stored;
  const country = attempt(() => readCookie(cookies(), COUNTRY_CURRENCY_COOKIE));
  return isCurrency(country) ? country : DEFAULT_CURRENCY;
}
