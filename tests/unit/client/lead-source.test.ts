import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { keepSource, leadSource, pageSource, SOURCE_STORAGE_KEY } from "../../../src/client/lead-source.ts";
import { subscriptionSchema } from "../../../lambdas/subscribe/subscribe.ts";

const page = (search: string, referrer = "", pathname = "/blog/post") => ({
  search,
  pathname,
  hostname: "www.example.com",
  referrer,
});

/** A sessionStorage of our own: the unit tests run in Node, which has none. */
function fakeSessionStorage(): Map<string, string> {
  const items = new Map<string, string>();
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
  Object.defineProperty(globalThis, "sessionStorage", { value: storage, configurable: true });
  return items;
}

describe("pageSource", () => {
  test("should note the campaign parameters, the referring site's host and the landing path of an arrival", () => {
    expect(
      pageSource(
        page("?utm_source=google&utm_medium=cpc&gclid=1&utm_campaign=spring", "https://www.google.com/search?q=x"),
      ),
    ).toEqual({
      utmSource: "google",
      utmMedium: "cpc",
      utmCampaign: "spring",
      referrer: "www.google.com",
      landingPath: "/blog/post",
    });
    expect(pageSource(page(""))).toEqual({ landingPath: "/blog/post" });
  });

  test("should see no arrival in a step from another page of the site, unless its link had campaign parameters", () => {
    expect(pageSource(page("", "https://www.example.com/"))).toBeUndefined();
    expect(pageSource(page("?utm_source=banner", "https://www.example.com/"))).toEqual({
      utmSource: "banner",
      landingPath: "/blog/post",
    });
  });

  test("should drop values that break the shared rule", () => {
    expect(pageSource(page(`?utm_source=${"x".repeat(5000)}&utm_medium=a%00b&utm_campaign=nov`))).toEqual({
      utmCampaign: "nov",
      landingPath: "/blog/post",
    });
  });
});

describe("keepSource and leadSource", () => {
  let items: Map<string, string>;
  beforeEach(() => {
    items = fakeSessionStorage();
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, "sessionStorage");
  });

  test("should keep the session's first arrival with analytics consent, and send it with a later lead", () => {
    keepSource(true, page("?utm_source=newsletter", "", "/blog/first"));
    keepSource(true, page("?utm_source=google", "https://www.google.com/", "/products"));
    const later = page("", "https://www.example.com/blog/first", "/contact");
    expect(leadSource(true, later)).toEqual({ utmSource: "newsletter", landingPath: "/blog/first" });
  });

  test("should write nothing without consent, forget the kept source on withdrawal, and send only the page's own", () => {
    keepSource(false, page("?utm_source=newsletter"));
    expect(items.size).toBe(0);
    keepSource(true, page("?utm_source=newsletter"));
    expect(items.has(SOURCE_STORAGE_KEY)).toBe(true);
    keepSource(false, page(""));
    expect(items.size).toBe(0);
    expect(leadSource(false, page("", "https://www.example.com/", "/contact"))).toEqual({});
    expect(leadSource(false, page("?utm_medium=email", "https://www.example.com/", "/contact"))).toEqual({
      utmMedium: "email",
      landingPath: "/contact",
    });
  });

  test("should not trust what storage holds", () => {
    items.set(SOURCE_STORAGE_KEY, JSON.stringify({ utmSource: "a\u0000", utmMedium: "email", other: "x" }));
    expect(leadSource(true, page(""))).toEqual({ utmMedium: "email" });
  });
});

describe("a newsletter request", () => {
  test("should store the visit's source with the address", () => {
    const parsed = subscriptionSchema("secret", "https://www.example.com").safeParse({
      email: "asha@example.org",
      utmSource: "newsletter",
      utmCampaign: "x".repeat(5000),
    });
    expect(parsed.success && parsed.data).toMatchObject({ email: "asha@example.org", utmSource: "newsletter" });
    expect(parsed.success && parsed.data).not.toHaveProperty("utmCampaign", expect.any(String));
  });
});
