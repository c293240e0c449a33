import { describe, expect, test } from "vitest";
import {
  COUNTRY_CURRENCY_COOKIE,
  COUNTRY_CURRENCY_COOKIE_ATTRIBUTES,
  CURRENCY_STORAGE_KEY,
  chosenCurrency,
  countryCurrencyCookie,
  currencyForCountry,
  readCookie,
  showsPrices,
} from "../../../src/lib/currency.ts";
import { CURRENCY_COOKIE_CASES } from "../../fixtures/currency-cases.ts";

const storing = (value: string | null) => () => ({
  getItem: (key: string) => (key === CURRENCY_STORAGE_KEY ? value : null),
});
const blocked = () => {
  throw new DOMException("The operation is insecure.", "SecurityError");
};

describe("currencyForCountry", () => {
  test("should give INR to India and USD to every other country", () => {
    expect(currencyForCountry("IN")).toBe("INR");
    expect(currencyForCountry("in")).toBe("INR");
    for (const country of ["US", "GB", "NP", "AE", "XX", "constructor", "__proto__"])
      expect(currencyForCountry(country), country).toBe("USD");
  });
});

describe("countryCurrencyCookie", () => {
  test.each(CURRENCY_COOKIE_CASES)("should answer country %s with cookie %s by setting %s", (country, sent, set) => {
    expect(countryCurrencyCookie(country, sent)).toBe(set);
  });
});

describe("COUNTRY_CURRENCY_COOKIE_ATTRIBUTES", () => {
  test("should let the price page's script read the cookie for the session, and send it nowhere else", () => {
    const attributes = COUNTRY_CURRENCY_COOKIE_ATTRIBUTES.split("; ");
    expect(attributes).toContain("Path=/installation");
    expect(attributes).toContain("SameSite=Lax");
    expect(attributes).not.toContain("HttpOnly");
    expect(attributes.find((a) => a.startsWith("Max-Age=") || a.startsWith("Expires="))).toBeUndefined();
  });
});

describe("showsPrices", () => {
  test("should name /installation, as a path or as the file the edge serves for it, and no other page", () => {
    expect(["/installation", "/installation/", "/installation/index.html"].map(showsPrices)).toEqual([
      true,
      true,
      true,
    ]);
    expect(
      ["/", "/index.html", "/installations", "/products/astroway", "/contact/index.html"].map(showsPrices),
    ).toEqual([false, false, false, false, false]);
  });
});

describe("readCookie", () => {
  test("should find a cookie among others, with or without spaces, and nothing else", () => {
    expect(readCookie(`a=1; ${COUNTRY_CURRENCY_COOKIE}=INR; b=2`, COUNTRY_CURRENCY_COOKIE)).toBe("INR");
    expect(readCookie(`${COUNTRY_CURRENCY_COOKIE}=USD`, COUNTRY_CURRENCY_COOKIE)).toBe("USD");
    expect(readCookie(`x${COUNTRY_CURRENCY_COOKIE}=INR;${COUNTRY_CURRENCY_COOKIE}=USD`, COUNTRY_CURRENCY_COOKIE)).toBe(
      "USD",
    );
    expect(readCookie("", COUNTRY_CURRENCY_COOKIE)).toBeUndefined();
    expect(readCookie("a=1; b", COUNTRY_CURRENCY_COOKIE)).toBeUndefined();
  });
});

describe("chosenCurrency", () => {
  const cookie = (value: string) => () => `${COUNTRY_CURRENCY_COOKIE}=${value}`;

  test.each([
    ["the stored choice before the country's", storing("USD"), cookie("INR"), "USD"],
    ["the stored choice before the country's", storing("INR"), cookie("USD"), "INR"],
    ["the country's when nothing is stored", storing(null), cookie("INR"), "INR"],
    ["the country's when the stored value is no currency", storing("EUR"), cookie("INR"), "INR"],
    ["the country's when storage is blocked", blocked, cookie("INR"), "INR"],
    ["USD without a cookie", storing(null), () => "", "USD"],
    ["USD when the cookie is no currency", storing(null), cookie("EUR"), "USD"],
    ["USD when storage and cookies are blocked", blocked, blocked, "USD"],
  ])("should show %s", (_, storage, cookies, expected) => {
    expect(chosenCurrency(storage, cookies)).toBe(expected);
  });
});
