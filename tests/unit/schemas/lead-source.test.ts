import { describe, expect, test } from "vitest";
import { contactMessageSchema } from "../../../src/schemas/contact-message.ts";
import { cleanSource, describeSource, isSourceValue, sourceLabel } from "../../../src/schemas/lead-source.ts";

const catalogue = { products: [{ id: "whatsway", name: "Whatsway" }], packages: [] };
const contact = {
  name: "Asha Verma",
  email: "asha@example.org",
  mobile: "+91 98765 43210",
  subject: "A question",
  message: "Hello, I have a question about Whatsway.",
};

describe("isSourceValue", () => {
  test("should keep short printable campaign values, host names and paths", () => {
    expect(isSourceValue("utmSource", "newsletter")).toBe(true);
    expect(isSourceValue("utmCampaign", "Black Friday – 20 %")).toBe(true);
    expect(isSourceValue("referrer", "www.google.com")).toBe(true);
    expect(isSourceValue("landingPath", "/blog/launch-astrology-consultation-app")).toBe(true);
  });

  test("should drop a value that is too long, has control or format characters, or names an e-mail address", () => {
    expect(isSourceValue("utmCampaign", "x".repeat(100))).toBe(true);
    expect(isSourceValue("utmCampaign", "x".repeat(101))).toBe(false);
    expect(isSourceValue("utmCampaign", "x".repeat(5000))).toBe(false);
    for (const bad of ["nov\u0000", "nov\r\nBcc: x@example.net", "nov\u202e", "nov\u200b", "\ud800nov", " nov", ""]) {
      expect(isSourceValue("utmCampaign", bad), JSON.stringify(bad)).toBe(false);
    }
    expect(isSourceValue("utmContent", "asha@example.org")).toBe(false);
    expect(isSourceValue("referrer", "evil.com/path")).toBe(false);
    expect(isSourceValue("landingPath", "/contact?email=asha")).toBe(false);
    expect(isSourceValue("landingPath", "contact")).toBe(false);
    expect(isSourceValue("utmSource", 42)).toBe(false);
  });
});

describe("cleanSource", () => {
  test("should keep only the known fields that pass, ignoring any other key", () => {
    expect(
      cleanSource({ utmSource: "google", utmMedium: "x".repeat(5000), gclid: "abc", referrer: "google.com" }),
    ).toEqual({ utmSource: "google", referrer: "google.com" });
    expect(cleanSource(null)).toEqual({});
  });
});

describe("describeSource and sourceLabel", () => {
  test("should read as the vendor's Source line", () => {
    const source = {
      utmSource: "google",
      utmMedium: "cpc",
      utmCampaign: "spring-sale",
      landingPath: "/products/whatsway",
      referrer: "google.com",
    };
    expect(describeSource(source)).toBe("google / cpc / spring-sale, landed on /products/whatsway, from google.com");
    expect(describeSource({ ...source, utmTerm: "whatsapp api", utmContent: "banner-a" })).toBe(
      "google / cpc / spring-sale (term: whatsapp api; content: banner-a), landed on /products/whatsway, from google.com",
    );
    expect(describeSource({})).toBe("direct");
    expect(describeSource({ landingPath: "/blog" })).toBe("direct, landed on /blog");
    expect(describeSource({ referrer: "news.ycombinator.com", landingPath: "/blog" })).toBe(
      "landed on /blog, from news.ycombinator.com",
    );
    expect(sourceLabel(source)).toBe("google / cpc / spring-sale");
    expect(sourceLabel({ referrer: "bing.com" })).toBe("bing.com");
    expect(sourceLabel({ landingPath: "/" })).toBe("direct");
  });
});

describe("the lead schemas' source fields", () => {
  test("should keep valid source fields and drop invalid ones without refusing the lead", () => {
    const parsed = contactMessageSchema(catalogue).safeParse({
      ...contact,
      utmSource: "newsletter",
      utmMedium: "email",
      utmCampaign: "x".repeat(5000),
      utmTerm: "a\u0007b",
      utmContent: { toString: () => "object" },
      landingPath: "/blog/post",
      gclid: "ignored",
    });
    expect(parsed.success).toBe(true);
    if (!parsed.success) return;
    expect(cleanSource(parsed.data)).toEqual({
      utmSource: "newsletter",
      utmMedium: "email",
      landingPath: "/blog/post",
    });
    expect(parsed.data).not.toHaveProperty("gclid");
  });
});
