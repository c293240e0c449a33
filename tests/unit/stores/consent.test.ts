import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { hasAnalyticsConsent, markAnalyticsConsent } from "../../../src/lib/analytics-consent.ts";
import { SOURCE_STORAGE_KEY } from "../../../src/client/lead-source.ts";
import { CONSENT_NEEDED_CLASS, NO_CONSENT } from "../../../src/lib/consent.ts";
import { CONSENT_STORAGE_KEY } from "../../../src/lib/limits.ts";
import { consent, readConsent, resetConsent, saveConsent } from "../../../src/stores/consent.ts";

/**
 * The consent store as the banner and the footer call it, in a small fake browser (the unit tests run in node): what a
 * visitor's choice leaves in storage, in Google's data layer, in the cookies and on <html>.
 */
class FakeStorage {
  items = new Map<string, string>();
  blocked = false;
  getItem(key: string) {
    if (this.blocked) throw new Error("SecurityError");
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.blocked) throw new Error("SecurityError");
    this.items.set(key, value);
  }
  removeItem(key: string) {
    if (this.blocked) throw new Error("SecurityError");
    this.items.delete(key);
  }
}

class FakeRoot {
  attributes = new Set<string>();
  classes = new Set<string>([CONSENT_NEEDED_CLASS]);
  dataset: Record<string, string> = { analyticsId: "G-TEST", analyticsMode: "basic" };
  classList = { remove: (name: string) => this.classes.delete(name) };
  toggleAttribute(name: string, on: boolean) {
    if (on) this.attributes.add(name);
    else this.attributes.delete(name);
    return on;
  }
  hasAttribute(name: string) {
    return this.attributes.has(name);
  }
}

let local: FakeStorage;
let root: FakeRoot;
let cookiesSet: string[];
let scripts: { tag: string; id: string; src: string; async: boolean }[];
let reloads: number;
let dataLayer: unknown[];
let session: FakeStorage;

beforeEach(() => {
  local = new FakeStorage();
  root = new FakeRoot();
  cookiesSet = [];
  scripts = [];
  reloads = 0;
  dataLayer = [];
  vi.stubGlobal("localStorage", local);
  session = new FakeStorage();
  vi.stubGlobal("sessionStorage", session);
  vi.stubGlobal("window", { dataLayer, sessionStorage: new FakeStorage() });
  vi.stubGlobal("location", {
    hostname: "www.example.com",
    search: "?utm_source=news",
    pathname: "/",
    reload: () => {
      reloads += 1;
    },
  });
  vi.stubGlobal("document", {
    documentElement: root,
    referrer: "",
    get cookie() {
      return "_ga=1; _ga_ABC=2; _gid=3; _gcl_au=4; theme=dark";
    },
    set cookie(value: string) {
      cookiesSet.push(value);
    },
    getElementById: (id: string) => scripts.find((s) => s.id === id) ?? null,
    createElement: (tag: string) => ({ tag, id: "", src: "", async: false }),
    head: { append: (script: (typeof scripts)[number]) => scripts.push(script) },
  });
  vi.useFakeTimers({ now: new Date("2026-11-27T10:00:00Z") });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  consent.value = undefined;
});

const commands = () => dataLayer.map((entry) => Array.from(entry as ArrayLike<unknown>));

describe("saveConsent", () => {
  test("should store the choice, tell Google's tags, load gtag.js and hide the banner when analytics is accepted", () => {
    saveConsent({ analytics: true, functional: false, marketing: false });
    expect(JSON.parse(local.items.get(CONSENT_STORAGE_KEY) ?? "")).toEqual({
      preferences: { analytics: true, functional: false, marketing: false },
      timestamp: "2026-11-27T10:00:00.000Z",
      version: "1.0",
    });
    expect(commands()[0]).toEqual([
      "consent",
      "update",
      expect.objectContaining({ analytics_storage: "granted", ad_storage: "denied" }),
    ]);
    // gtag.js's `config` command is the page view.
    expect(commands().slice(1)).toEqual([
      ["js", new Date()],
      ["config", "G-TEST"],
    ]);
    expect(scripts).toEqual([
      { tag: "script", id: "google-tag", async: true, src: "https://www.googletagmanager.com/gtag/js?id=G-TEST" },
    ]);
    expect(hasAnalyticsConsent(root as unknown as HTMLElement)).toBe(true);
    expect(root.classes.has(CONSENT_NEEDED_CLASS)).toBe(false);
    expect(consent.value?.preferences.analytics).toBe(true);
    // The visit's source (here a newsletter link) is kept for the session's leads.
    expect(JSON.parse(session.items.get(SOURCE_STORAGE_KEY) ?? "{}")).toEqual({ utmSource: "news", landingPath: "/" });
    // Marketing stays off: its Google cookies go, on the host and each parent domain; analytics' stay.
    expect(cookiesSet).toEqual([
      "_gcl_au=; max-age=0; path=/",
      "_gcl_au=; max-age=0; path=/; domain=www.example.com",
      "_gcl_au=; max-age=0; path=/; domain=example.com",
    ]);
  });

  test("should delete the analytics cookies, load nothing and unmark <html> when analytics is refused", () => {
    markAnalyticsConsent(root as unknown as HTMLElement, true);
    saveConsent(NO_CONSENT);
    expect(scripts).toEqual([]);
    expect(hasAnalyticsConsent(root as unknown as HTMLElement)).toBe(false);
    expect(cookiesSet.filter((c) => c.endsWith("path=/")).map((c) => c.split("=")[0])).toEqual([
      "_ga",
      "_ga_ABC",
      "_gid",
      "_gcl_au",
    ]);
    expect(root.classes.has(CONSENT_NEEDED_CLASS)).toBe(false);
    expect(consent.value?.preferences).toEqual(NO_CONSENT);
  });

  test("should load gtag.js once, refused or not, where the site chose Consent Mode's advanced setup", () => {
    root.dataset.analyticsMode = "advanced";
    saveConsent(NO_CONSENT);
    saveConsent(NO_CONSENT);
    expect(scripts.map((s) => s.id)).toEqual(["google-tag"]);
  });

  test("should apply the choice to this page when storage is blocked", () => {
    local.blocked = true;
    saveConsent({ analytics: true, functional: true, marketing: true });
    expect(consent.value?.preferences.marketing).toBe(true);
    expect(root.classes.has(CONSENT_NEEDED_CLASS)).toBe(false);
  });
});

describe("readConsent", () => {
  test("should load a stored choice, and none when storage is blocked", () => {
    saveConsent({ analytics: false, functional: true, marketing: false });
    consent.value = undefined;
    readConsent();
    // Read through a function: TypeScript would keep the `undefined` just assigned.
    const current = () => consent.value;
    expect(current()?.preferences.functional).toBe(true);
    local.blocked = true;
    readConsent();
    expect(consent.value).toBeUndefined();
  });
});

describe("resetConsent", () => {
  test("should forget the choice, delete every Google cookie and reload, even with storage blocked", () => {
    saveConsent({ analytics: true, functional: true, marketing: true });
    cookiesSet = [];
    resetConsent();
    expect(local.items.has(CONSENT_STORAGE_KEY)).toBe(false);
    expect(cookiesSet.filter((c) => c.endsWith("path=/")).map((c) => c.split("=")[0])).toEqual([
      "_ga",
      "_ga_ABC",
      "_gid",
      "_gcl_au",
    ]);
    expect(reloads).toBe(1);
    local.blocked = true;
    resetConsent();
    expect(reloads).toBe(2);
  });
});
