import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  CONSENT_MODE_DEFAULT,
  consentModeState,
  cookieDomains,
  createConsentRecord,
  disallowedGoogleCookies,
  FULL_CONSENT,
  mayLoadGoogleTag,
  NO_CONSENT,
  storedConsent,
  validConsent,
} from "../../../src/lib/consent.ts";
import { CONSENT_MAX_AGE_DAYS, CONSENT_STORAGE_KEY } from "../../../src/lib/limits.ts";
import { cookieConsentSchema } from "../../../src/schemas/cookie-consent.ts";

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse("2025-06-30T12:00:00.000Z");
const record = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    preferences: { analytics: true, functional: false, marketing: true },
    timestamp: new Date(NOW - 10 * DAY).toISOString(),
    version: "1.0",
    ...overrides,
  });
const daysAgo = (days: number) => new Date(NOW - days * DAY).toISOString();

describe("validConsent", () => {
  test("accepts a well-formed record of version 1.0 and returns its choices", () => {
    expect(validConsent(record(), NOW)?.preferences).toEqual({ analytics: true, functional: false, marketing: true });
  });

  test("treats a missing record as no consent", () => {
    expect(validConsent(null, NOW)).toBeUndefined();
  });

  test("ignores a record of another version", () => {
    expect(validConsent(record({ version: "0.9" }), NOW)).toBeUndefined();
    expect(validConsent(record({ version: "1.1" }), NOW)).toBeUndefined();
    expect(validConsent(record({ version: 1 }), NOW)).toBeUndefined();
  });

  test("ignores a value that does not parse, lacks a field or holds one of the wrong type", () => {
    for (const raw of ["", "{", "not json", "null", "[]", "{}", '"1.0"', "42"]) {
      expect(validConsent(raw, NOW), raw).toBeUndefined();
    }
    for (const overrides of [
      { preferences: { analytics: true, functional: false } },
      { preferences: { analytics: "yes", functional: false, marketing: false } },
      { preferences: { analytics: true, functional: 1, marketing: true } },
      { preferences: { analytics: true, functional: true, marketing: null } },
      { preferences: null },
      { preferences: "all" },
      { timestamp: "yesterday" },
      { timestamp: undefined },
      { timestamp: NOW - DAY },
    ]) {
      expect(validConsent(record(overrides), NOW), JSON.stringify(overrides)).toBeUndefined();
    }
  });

  test("keeps a record for 12 months of 30 days: 359 and 360 days old count, 361 does not", () => {
    expect(CONSENT_MAX_AGE_DAYS).toBe(360);
    expect(validConsent(record({ timestamp: daysAgo(359) }), NOW)).toBeDefined();
    expect(validConsent(record({ timestamp: daysAgo(360) }), NOW)).toBeDefined();
    expect(validConsent(record({ timestamp: daysAgo(360) }), NOW + 1)).toBeUndefined();
    expect(validConsent(record({ timestamp: daysAgo(361) }), NOW)).toBeUndefined();
  });

  test("every record it accepts matches the stored-record schema", () => {
    const candidate = fc.record({
      preferences: fc.oneof(
        fc.record({ analytics: fc.boolean(), functional: fc.boolean(), marketing: fc.boolean() }),
        fc.dictionary(fc.constantFrom("analytics", "functional", "marketing"), fc.jsonValue()),
      ),
      timestamp: fc.oneof(fc.integer({ min: -5, max: 400 }).map(daysAgo), fc.string()),
      version: fc.constantFrom("1.0", "1", "2.0"),
    });
    let acceptedCount = 0;
    fc.assert(
      fc.property(fc.oneof(candidate, fc.jsonValue()), (value) => {
        const accepted = validConsent(JSON.stringify(value), NOW);
        if (accepted) {
          acceptedCount += 1;
          expect(cookieConsentSchema.safeParse(accepted).success).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
    expect(acceptedCount).toBeGreaterThan(0);
  });
});

describe("storedConsent", () => {
  test("reads the cookie-consent key", () => {
    const storage = { getItem: (key: string) => (key === CONSENT_STORAGE_KEY ? record() : null) };
    expect(storedConsent(() => storage, NOW)?.version).toBe("1.0");
  });

  test("counts storage the browser blocks as no record", () => {
    expect(
      storedConsent(() => {
        throw new DOMException("The operation is insecure.", "SecurityError");
      }, NOW),
    ).toBeUndefined();
  });
});

describe("createConsentRecord", () => {
  test("writes exactly the stored shape: the three choices, an ISO timestamp and version 1.0", () => {
    const made = createConsentRecord({ analytics: true, functional: false, marketing: false }, new Date(NOW));
    expect(made).toEqual({
      preferences: { analytics: true, functional: false, marketing: false },
      timestamp: "2025-06-30T12:00:00.000Z",
      version: "1.0",
    });
    expect(cookieConsentSchema.safeParse(made).success).toBe(true);
    expect(validConsent(JSON.stringify(made), NOW)).toEqual(made);
  });
});

describe("consent mode", () => {
  test("the default denies everything but security storage and waits 500 ms for the stored choice", () => {
    expect(CONSENT_MODE_DEFAULT).toEqual({
      ad_storage: "denied",
      ad_user_data: "denied",
      ad_personalization: "denied",
      analytics_storage: "denied",
      functionality_storage: "denied",
      personalization_storage: "denied",
      security_storage: "granted",
      wait_for_update: 500,
    });
  });

  const SIGNALS = [
    "ad_storage",
    "ad_user_data",
    "ad_personalization",
    "analytics_storage",
    "functionality_storage",
    "personalization_storage",
  ];
  test.each([
    ["analytics", ["analytics_storage"]],
    ["functional", ["functionality_storage", "personalization_storage"]],
    ["marketing", ["ad_storage", "ad_user_data", "ad_personalization"]],
  ] as const)("%s alone grants %j and denies the rest", (choice, granted) => {
    const expected = Object.fromEntries(
      SIGNALS.map((s) => [s, (granted as readonly string[]).includes(s) ? "granted" : "denied"]),
    );
    expect(consentModeState({ ...NO_CONSENT, [choice]: true })).toEqual(expected);
  });

  test("accepting all grants every signal; rejecting denies every signal", () => {
    expect(Object.values(consentModeState(FULL_CONSENT))).toEqual(Array(6).fill("granted"));
    expect(Object.values(consentModeState(NO_CONSENT))).toEqual(Array(6).fill("denied"));
  });
});

describe("mayLoadGoogleTag", () => {
  const basic = { measurementId: "G-TEST123", mode: "basic" } as const;
  const advanced = { measurementId: "G-TEST123", mode: "advanced" } as const;

  test("basic mode loads the tag only once analytics is allowed", () => {
    expect(mayLoadGoogleTag(basic, undefined)).toBe(false);
    expect(mayLoadGoogleTag(basic, { ...FULL_CONSENT, analytics: false })).toBe(false);
    expect(mayLoadGoogleTag(basic, { ...NO_CONSENT, analytics: true })).toBe(true);
  });

  test("advanced mode loads the tag at once, under the denied defaults", () => {
    expect(mayLoadGoogleTag(advanced, undefined)).toBe(true);
    expect(mayLoadGoogleTag(advanced, NO_CONSENT)).toBe(true);
  });

  test("never loads without a measurement id", () => {
    expect(mayLoadGoogleTag({ measurementId: "", mode: "basic" }, FULL_CONSENT)).toBe(false);
    expect(mayLoadGoogleTag({ measurementId: "", mode: "advanced" }, undefined)).toBe(false);
  });
});

describe("disallowedGoogleCookies", () => {
  const cookies = "_ga=GA1.1.1; _ga_ABC123=GS1.1; _gid=GA1.1.2; _gcl_au=1.1.1; theme=dark; _gat=1; my_ga=1";

  test("withdrawing analytics removes _ga, _ga_<id> and _gid, and nothing else", () => {
    expect(disallowedGoogleCookies(cookies, { ...FULL_CONSENT, analytics: false })).toEqual([
      "_ga",
      "_ga_ABC123",
      "_gid",
    ]);
  });

  test("withdrawing marketing removes the _gcl_ cookies", () => {
    expect(disallowedGoogleCookies(cookies, { ...FULL_CONSENT, marketing: false })).toEqual(["_gcl_au"]);
  });

  test("keeps everything that is still allowed", () => {
    expect(disallowedGoogleCookies(cookies, FULL_CONSENT)).toEqual([]);
    expect(disallowedGoogleCookies("", NO_CONSENT)).toEqual([]);
  });
});

describe("cookieDomains", () => {
  test("lists the host and each parent domain", () => {
    expect(cookieDomains("www.example.com")).toEqual(["www.example.com", "example.com"]);
    expect(cookieDomains("example.com")).toEqual(["example.com"]);
    expect(cookieDomains("1und1.de")).toEqual(["1und1.de"]);
    expect(cookieDomains("site.lab1")).toEqual(["site.lab1"]);
  });

  test("is empty for IP addresses and single-label hosts, whose cookies are host-only", () => {
    expect(cookieDomains("127.0.0.1")).toEqual([]);
    expect(cookieDomains("localhost")).toEqual([]);
    expect(cookieDomains("::1")).toEqual([]);
  });
});
