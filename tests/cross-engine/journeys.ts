import { readFileSync } from "node:fs";
import path from "node:path";
import { themeTokens } from "../../src/lib/design-tokens.ts";
import { THEME_STORAGE_KEY } from "../../src/lib/theme.ts";
import { content } from "../e2e/site-content.ts";
import { everyRoute } from "../e2e/site-routes.ts";
import { MIN_FILL_MS } from "../../src/schemas/lead-fields.ts";
import { TIMINGS, WHATSAPP_POPUP_ID } from "../../src/lib/limits.ts";
import { CROSS_ENGINE_PORTS, type EngineDriver, WAIT_MS, waitFor, waitHidden, waitVisible } from "./driver.ts";
import { describeQuery, type Query, role, text } from "./locate.ts";

/**
 * The key journeys, one list for every engine: each adapter (webkit-driver.ts, firefox-driver.ts) runs them in one
 * browser session, one after another. Controls are found by role and visible text only, and the checks are on what
 * the visitor sees (a dialog shown, a link displayed), so they hold while the controls' markup changes.
 */
export interface Journey {
  name: string;
  /**
   * Run when the session starts, before any journey, in a window of its own (its own session storage and viewport):
   * what the page then does on its own clock happens while the other journeys run, instead of being waited for. `run`
   * goes on in that window at the journey's turn. The window shares local storage with the others, so it receives
   * their storage events (prepare() clearing it, the theme switch writing it).
   */
  start?: (driver: EngineDriver) => Promise<void>;
  run: (driver: EngineDriver) => Promise<void>;
}

const { site } = content;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
/**
 * The lead handlers put a form sent sooner than MIN_FILL_MS after the page opened in the spam folder (a bot); a person
 * takes longer. The form measures on the page's clock (performance.now), so the journey moves that clock on by this
 * much, as if the visitor had read for a while, instead of waiting for real: neither WebDriver has Playwright's clock.
 */
const HUMAN_PAUSE_MS = MIN_FILL_MS + 500;

/** The page's performance.now() from now on reads `ms` later: what the page measures from its load grows by `ms`. */
const movePageClockOn = (driver: EngineDriver, ms: number) =>
  driver.evaluate(
    `(() => { const now = performance.now.bind(performance); performance.now = () => now() + ${ms}; return true; })()`,
  );
const SES_URL = `http://127.0.0.1:${CROSS_ENGINE_PORTS.ses}`;

/** Consent given (or not) and the WhatsApp popup seen, set in the site's storage before the journey's first page. */
async function prepare(driver: EngineDriver, { consent = true, viewport = DESKTOP } = {}) {
  await driver.setViewport(viewport.width, viewport.height);
  // Storage belongs to the site's origin: a page of it must be open (the first journey opens one).
  if (!(await driver.evaluate<string>("location.origin").catch(() => "")).startsWith("http://127.0.0.1"))
    await driver.goto("/robots.txt");
  const record = {
    preferences: { analytics: false, functional: false, marketing: false },
    timestamp: new Date().toISOString(),
    version: "1.0",
  };
  await driver.evaluate(
    `(localStorage.clear(), ${consent ? `localStorage.setItem("cookie-consent", ${JSON.stringify(JSON.stringify(record))}), ` : ""}sessionStorage.setItem("whatsappPopupShown", "true"), true)`,
  );
}

/** What the 404 page logs by design (SPEC section 2: the attempted path is logged to the console). */
const NOT_FOUND_LOG = /^404 Error: User attempted to access non-existent route: /;

async function expectNoConsoleErrors(driver: EngineDriver, where: string) {
  const errors = (await driver.consoleErrors())?.filter((error) => !NOT_FOUND_LOG.test(error));
  if (errors && errors.length > 0)
    throw new Error(`${driver.engine}: console errors on ${where}:\n  ${errors.join("\n  ")}`);
}

async function expectText(driver: EngineDriver, query: Query, expected: string | RegExp) {
  const seen = await waitFor(
    async () => {
      const value = await driver.text(query);
      return value !== undefined && (typeof expected === "string" ? value.includes(expected) : expected.test(value))
        ? value
        : undefined;
    },
    () => `${driver.engine}: expected ${describeQuery(query)} to read ${expected}`,
  );
  return seen;
}

/**
 * Icons are placed with <use> from one sprite file (src/components/icon.tsx): each one on screen has drawn something
 * once the sprite has loaded. Counts the icons it checked, so a page where none were found fails too.
 */
const ICONS_DRAWN = `(() => {
  const shown = [...document.querySelectorAll("svg.icon use")].filter((use) => use.parentElement.getBoundingClientRect().width > 0);
  return shown.length > 0 && shown.every((use) => use.getBBox().width > 0) ? shown.length : 0;
})()`;

async function expectIconsDrawn(driver: EngineDriver, where: string) {
  await waitFor(
    () => driver.evaluate<number>(ICONS_DRAWN),
    () => `${driver.engine}: an icon on ${where} drew nothing (or none was found)`,
  );
}

// 1. Every route renders.
const notFound = new Set(["/no-such-page"]);
const routeJourneys: Journey[] = everyRoute().map((route) => ({
  name: `${route} renders its heading, its icons and no error page`,
  run: async (driver) => {
    await prepare(driver);
    await driver.goto(route);
    const heading = role("heading", undefined, { within: role("main") });
    const title = await expectText(driver, heading, /\S/);
    if (notFound.has(route)) {
      if (!(await driver.isVisible(text("Oops! Page not found"))))
        throw new Error(`${driver.engine}: ${route} does not show the 404 page`);
    } else if (route === "/products/no-such-product") {
      if (!title.includes("Product Not Found"))
        throw new Error(`${driver.engine}: ${route} shows "${title}", expected Product Not Found`);
    } else if (await driver.isVisible(text("Oops! Page not found"))) {
      throw new Error(`${driver.engine}: ${route} shows the 404 page`);
    }
    await expectIconsDrawn(driver, route);
    await expectNoConsoleErrors(driver, route);
  },
}));

// 2. The three lead forms deliver a mail.
interface StoredMail {
  replyTo: string[];
  destination: { to: string[] };
  subject: string;
}

interface LeadForm {
  name: string;
  path: string;
  /** Opens the form and returns the query of what holds its fields. */
  open: (driver: EngineDriver) => Promise<Query>;
  fill: (driver: EngineDriver, form: Query, email: string) => Promise<void>;
  submit: string;
  success: string;
  subject: string;
}

const field = (form: Query, name: string) => role("textbox", name, { within: form });

const LEAD_FORMS: LeadForm[] = [
  {
    name: "the product inquiry dialog on /products/legalway",
    path: "/products/legalway",
    open: async (driver) => {
      await driver.click(role("button", "Buy Now", { within: role("main") }));
      const dialog = role("dialog", "Buy Legalway");
      await waitVisible(driver, dialog);
      return dialog;
    },
    fill: async (driver, form, email) => {
      await driver.type(field(form, "Name"), "Asha Verma");
      await driver.type(field(form, "Email"), email);
      await driver.type(field(form, "Mobile"), "+91 98765 43210");
      await driver.type(field(form, "Message"), "We would like to buy Legalway for our firm.");
    },
    submit: "Submit Inquiry",
    success: "Inquiry sent! We'll contact you within 24 hours.",
    subject: "Product inquiry: Legalway",
  },
  {
    name: "the installation request form",
    path: "/installation",
    open: async () => role("region", "Request Installation"),
    fill: async (driver, form, email) => {
      await driver.type(field(form, "Full Name"), "Asha Verma");
      await driver.type(field(form, "Email Address"), email);
      await driver.type(field(form, "Mobile Number"), "+91 98765 43210");
      await driver.select(role("combobox", "Product", { within: form }), "astroway");
      await driver.select(role("combobox", "Installation Package", { within: form }), "android");
    },
    submit: "Submit Request",
    success: "Request submitted! We'll contact you within 24 hours.",
    subject: "Installation request: Astroway, Android package",
  },
  {
    name: "the contact message form",
    path: "/contact",
    open: async () => role("region", "Send Us a Message"),
    fill: async (driver, form, email) => {
      await driver.type(field(form, "Full Name"), "Asha Verma");
      await driver.type(field(form, "Email Address"), email);
      await driver.type(field(form, "Mobile Number"), "+91 98765 43210");
      await driver.type(field(form, "Subject"), "Reseller pricing");
      await driver.type(field(form, "Message"), "Do you offer reseller pricing for eSIM?");
    },
    submit: "Send Message",
    success: "Message sent! We'll get back to you soon.",
    subject: "Contact message",
  },
];

const formJourneys: Journey[] = LEAD_FORMS.map((lead) => ({
  name: `${lead.name} delivers a mail and confirms it in a toast`,
  run: async (driver) => {
    await prepare(driver);
    const email = `cross-engine-${driver.engine}-${Date.now()}@example.org`;
    await driver.goto(lead.path);
    const form = await lead.open(driver);
    await lead.fill(driver, form, email);
    await movePageClockOn(driver, HUMAN_PAUSE_MS);
    await driver.click(role("button", lead.submit, { within: form }));
    await waitVisible(driver, text(lead.success));
    const mail = await waitFor(
      async () => {
        const { emails } = (await (await fetch(`${SES_URL}/store`)).json()) as { emails: StoredMail[] };
        return emails.find((m) => m.replyTo.includes(email) && m.destination.to.includes(site.contact.email));
      },
      () => `${driver.engine}: no mail from ${email} reached ${site.contact.email} in the local SES mailbox`,
    );
    if (!mail.subject.startsWith(lead.subject))
      throw new Error(`${driver.engine}: mail subject "${mail.subject}", expected "${lead.subject}…"`);
    await expectNoConsoleErrors(driver, lead.path);
  },
}));

// 2b. The newsletter: the box subscribes, and the mailed link confirms on the press of its page's button.
const newsletterJourney: Journey = {
  name: "the newsletter box mails a confirmation whose link opens a page whose button confirms",
  run: async (driver) => {
    await prepare(driver);
    const email = `cross-engine-news-${driver.engine}-${Date.now()}@example.org`;
    await driver.goto("/blog");
    const box = role("region", "Subscribe to Our Newsletter");
    await driver.type(role("textbox", "Your e-mail address", { within: box }), email);
    await movePageClockOn(driver, HUMAN_PAUSE_MS);
    await driver.click(role("button", "Subscribe", { within: box }));
    await waitVisible(driver, text("Almost done! Check your inbox and confirm your subscription."));
    const link = await waitFor(
      async () => {
        const { emails } = (await (await fetch(`${SES_URL}/store`)).json()) as {
          emails: (StoredMail & { body: { text?: string } })[];
        };
        const mail = emails.find((m) => m.destination.to.includes(email));
        return /https?:\/\/\S+\/api\/confirm-subscription\?token=\S+/.exec(mail?.body.text ?? "")?.[0];
      },
      () => `${driver.engine}: no confirmation mail with a link reached ${email} in the local SES mailbox`,
    );
    await driver.goto(new URL(link).pathname + new URL(link).search);
    await expectText(driver, role("heading", undefined, { within: role("main") }), "Confirm your subscription");
    await driver.click(role("button", "Confirm my subscription"));
    await expectText(driver, role("heading", undefined, { within: role("main") }), "You're subscribed");
    await expectNoConsoleErrors(driver, "/newsletter/confirmed");
  },
};

// 3. Disclosure controls open and close by mouse, keyboard and touch.
interface Disclosure {
  name: string;
  path: string;
  viewport: { width: number; height: number };
  consent?: boolean;
  /** Opens it (a click, a tap, or Enter with focus on it). */
  opener: Query;
  /** Closes it by mouse, touch, and (unless `escape`) by Enter with focus on it. */
  closer: Query;
  /** Escape closes it (dialogs and menus); else Enter on the closer does. */
  escape: boolean;
  /** Shown only while open. */
  shown: Query;
  /** Whether it is open, when that is not a matter of `shown` being displayed. */
  isOpen?: (driver: EngineDriver) => Promise<boolean>;
}

const banner = role("banner");
const astroway = content.products.find((product) => product.id === "astroway");
const demos = astroway?.demoDetails ?? [];
const dialogClose = (dialog: Query) => role("button", /^Close\b/, { within: dialog });
const contactDialog = role("dialog", "Send us an email");
const cookieDialog = role("dialog", "Cookie Preferences");
const productInquiryDialog = role("dialog", "Buy Legalway");
const searchDialog = role("dialog", "Search the site");
const moreInformation = role("button", /^(Show More|Hide) Information$/);
const usd = role("button", "USD ($)");

const DISCLOSURES: Disclosure[] = [
  {
    name: "the phone menu",
    path: "/about",
    viewport: PHONE,
    opener: role("button", "Menu", { within: banner }),
    closer: role("button", "Menu", { within: banner }),
    escape: true,
    shown: role("link", "Portfolio", { within: role("navigation", "Main") }),
  },
  {
    name: "the Apps menu",
    path: "/about",
    viewport: DESKTOP,
    opener: role("button", "Apps", { within: banner }),
    // It opens on hover: a click or tap elsewhere in the header, outside its panel (the pointer leaving, focus moving
    // out), closes it. The theme switch's current choice is a harmless place to click.
    closer: role("radio", "System", { within: role("group", "Theme", { within: banner }) }),
    escape: true,
    shown: role("link", /^Astroway/, { within: banner }),
  },
  {
    name: "the floating Contact us dialog",
    path: "/about",
    viewport: DESKTOP,
    opener: role("button", "Contact us"),
    closer: dialogClose(contactDialog),
    escape: true,
    shown: contactDialog,
  },
  {
    name: "the cookie Manage Preferences dialog",
    path: "/about",
    viewport: DESKTOP,
    consent: false,
    opener: role("button", "Manage Preferences", { within: role("region", "We Value Your Privacy") }),
    closer: dialogClose(cookieDialog),
    escape: true,
    shown: cookieDialog,
  },
  {
    name: "the Buy Now dialog",
    path: "/products/legalway",
    viewport: DESKTOP,
    opener: role("button", "Buy Now", { within: role("main") }),
    closer: dialogClose(productInquiryDialog),
    escape: true,
    shown: productInquiryDialog,
  },
  {
    name: "the header search dialog",
    path: "/about",
    viewport: DESKTOP,
    opener: role("button", "Search", { within: banner }),
    closer: dialogClose(searchDialog),
    escape: true,
    shown: searchDialog,
  },
  {
    name: "the product platform tabs",
    path: "/products/astroway",
    viewport: DESKTOP,
    opener: role("tab", demos[2]?.name ?? "third tab"),
    closer: role("tab", demos[0]?.name ?? "first tab"),
    escape: false,
    shown: text(demos[2]?.description ?? "third demo"),
  },
  {
    name: "Show More Information on home",
    path: "/",
    viewport: DESKTOP,
    opener: moreInformation,
    closer: moreInformation,
    escape: false,
    shown: role("heading", "What you get with every app"),
  },
  {
    name: "the INR/USD currency toggle",
    path: "/installation",
    viewport: DESKTOP,
    opener: usd,
    closer: role("button", "INR (₹)"),
    escape: false,
    shown: usd,
    isOpen: async (driver) => (await driver.attribute(usd, "aria-pressed")) === "true",
  },
];

type Mode = "mouse" | "keyboard" | "touch";

async function waitOpen(driver: EngineDriver, control: Disclosure, open: boolean, how: string) {
  const check = control.isOpen;
  if (check)
    await waitFor(
      async () => (await check(driver)) === open,
      () => `${driver.engine}: ${control.name} did not ${open ? "open" : "close"} ${how}`,
    );
  else if (open)
    await waitVisible(driver, control.shown).catch(() =>
      Promise.reject(new Error(`${driver.engine}: ${control.name} did not open ${how}`)),
    );
  else
    await waitHidden(driver, control.shown).catch(() =>
      Promise.reject(new Error(`${driver.engine}: ${control.name} did not close ${how}`)),
    );
  // A control that announces its state (aria-expanded) must announce what is shown: a screen reader hears it, and
  // the next key goes to a control that is awake (before that, CSS may show a menu that Escape cannot close yet).
  if ((await driver.attribute(control.opener, "aria-expanded")) === null) return;
  await waitFor(
    async () => (await driver.attribute(control.opener, "aria-expanded")) === String(open),
    () =>
      `${driver.engine}: ${control.name} is ${open ? "shown" : "hidden"} ${how}, but its control does not say aria-expanded="${open}"`,
  );
}

async function operateDisclosure(driver: EngineDriver, control: Disclosure, mode: Mode) {
  await prepare(driver, { consent: control.consent ?? true, viewport: control.viewport });
  if (control.path === "/installation") await driver.evaluate("(localStorage.removeItem('currency'), true)");
  await driver.goto(control.path);
  await waitOpen(driver, control, false, "before it was used");
  if (mode === "mouse") {
    await driver.click(control.opener);
    await waitOpen(driver, control, true, "on a click");
    await driver.click(control.closer);
    await waitOpen(driver, control, false, "on a click");
  } else if (mode === "touch") {
    await driver.tap(control.opener);
    await waitOpen(driver, control, true, "on a tap");
    await driver.tap(control.closer);
    await waitOpen(driver, control, false, "on a tap");
  } else {
    await driver.focus(control.opener);
    await driver.press("Enter");
    await waitOpen(driver, control, true, "on Enter");
    if (control.escape) {
      await driver.press("Escape");
      await waitOpen(driver, control, false, "on Escape");
    } else {
      await driver.focus(control.closer);
      await driver.press("Enter");
      await waitOpen(driver, control, false, "on Enter");
    }
  }
  await expectNoConsoleErrors(driver, control.path);
}

const disclosureJourneys: Journey[] = DISCLOSURES.flatMap((control) =>
  (["mouse", "keyboard", "touch"] as const).map((mode) => ({
    name: `${control.name} opens and closes by ${mode === "mouse" ? "mouse click" : mode === "keyboard" ? `keyboard (Enter, ${control.escape ? "Escape" : "Enter"})` : "touch"}`,
    run: async (driver: EngineDriver) => {
      if (mode === "touch" && !driver.touch) return;
      await operateDisclosure(driver, control, mode);
    },
  })),
);

// 4. Site search.

/**
 * Judged on the page's real clock, not a fake one as the Chromium specs do (whatsapp-popup.spec.ts): neither WebDriver
 * can install a clock before the page's scripts run. Whether the WhatsApp popup opened in time, as the page saw it: "open", or "late" if it was still shut WAIT_MS after
 * it was due (where a visitor who waited that long would find it shut). START_POPUP_DEADLINE has the page note the
 * popup's state at that moment, on the clock its timer runs on (performance.now() counts from the start of the load),
 * so the verdict does not depend on when the journey reads it: a popup that opens at 60 s is late even when read at
 * 70 s. Before the deadline, an open popup is in time.
 */
const POPUP_AT_DEADLINE = "__crossEngineWhatsAppPopupAtDeadline";
const POPUP_DEADLINE_MS = TIMINGS.whatsappPopupMs + WAIT_MS;
const popupOpen = `document.getElementById(${JSON.stringify(WHATSAPP_POPUP_ID)})?.open`;
const START_POPUP_DEADLINE = `(setTimeout(() => {
  window.${POPUP_AT_DEADLINE} = ${popupOpen} ? "open" : "late";
}, Math.max(0, ${POPUP_DEADLINE_MS} - performance.now())), true)`;
const POPUP_VERDICT = `window.${POPUP_AT_DEADLINE} ?? (${popupOpen} ? "open" : null)`;

const searchJourneys: Journey[] = [
  {
    name: "the header search finds refund and links to /refund",
    run: async (driver) => {
      await prepare(driver);
      await driver.goto("/about");
      await driver.click(role("button", "Search", { within: banner }));
      await waitVisible(driver, searchDialog);
      await driver.type(role("searchbox", undefined, { within: searchDialog }), "refund");
      const result = role("link", /Refund/, { within: searchDialog });
      await waitVisible(driver, result);
      const href = await driver.attribute(result, "href");
      if (!href || !/^\/refund(#.*)?$/.test(href))
        throw new Error(`${driver.engine}: the first Refund result links to ${href}, expected /refund`);
    },
  },
  {
    name: "Escape in the search field closes the search dialog",
    run: async (driver) => {
      await prepare(driver);
      await driver.goto("/about");
      await driver.click(role("button", "Search", { within: banner }));
      await waitVisible(driver, searchDialog);
      await driver.type(role("searchbox", undefined, { within: searchDialog }), "refund");
      await waitVisible(driver, role("link", /Refund/, { within: searchDialog }));
      // The field is focused and holds text: a first Escape may clear it (as a search field does), a second must close.
      await driver.press("Escape");
      if (await driver.isVisible(searchDialog)) await driver.press("Escape");
      await waitHidden(driver, searchDialog);
    },
  },
  {
    name: "the / shortcut opens the search while the WhatsApp popup is open",
    // The site's own inline script opens the popup on the page's real clock, whatsappPopupMs after the page loads:
    // loaded when the session starts, in a window of its own, it opens while the other journeys run.
    start: async (driver) => {
      await prepare(driver);
      await driver.evaluate("(sessionStorage.clear(), true)");
      await driver.goto("/about");
      await driver.evaluate(START_POPUP_DEADLINE);
    },
    run: async (driver) => {
      // Waits only when this journey runs alone (vitest -t), so soon after the session started that nothing is due.
      const verdict = await waitFor(
        () => driver.evaluate<string | null>(POPUP_VERDICT),
        () => `${driver.engine}: /about neither opened the WhatsApp popup nor reached its deadline`,
        POPUP_DEADLINE_MS + WAIT_MS,
      );
      if (verdict !== "open")
        throw new Error(
          `${driver.engine}: the WhatsApp popup was still shut ${POPUP_DEADLINE_MS} ms after /about began loading (due at ${TIMINGS.whatsappPopupMs} ms)`,
        );
      const popup = role("dialog", /Connect on WhatsApp/);
      await waitVisible(driver, popup);
      await driver.focus(role("heading", undefined, { within: role("main") }));
      await driver.press("/");
      await waitVisible(driver, searchDialog);
    },
  },
];

// 5. The theme switch.
const PAGE_COLOR = (() => {
  const tokens = themeTokens(readFileSync(path.resolve(import.meta.dirname, "../../src/styles/tokens.css"), "utf8"));
  const rgb = (hex = "") => `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(", ")})`;
  return { light: rgb(tokens.light.get("--color-bg")), dark: rgb(tokens.dark.get("--color-bg")) };
})();

const themeJourneys: Journey[] = [
  {
    name: "the theme switch applies Dark and Light and keeps the choice",
    run: async (driver) => {
      await prepare(driver);
      await driver.goto("/contact");
      const group = role("group", "Theme", { within: banner });
      const pageColor = () => driver.evaluate<string>("getComputedStyle(document.body).backgroundColor");
      for (const choice of ["dark", "light"] as const) {
        await driver.click(role("radio", choice === "dark" ? "Dark" : "Light", { within: group }));
        await waitFor(
          async () => (await pageColor()) === PAGE_COLOR[choice],
          () => `${driver.engine}: the page is not ${choice} (${PAGE_COLOR[choice]}) after choosing it`,
        );
        const stored = await driver.evaluate<string | null>(
          `localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)})`,
        );
        if (stored !== choice) throw new Error(`${driver.engine}: stored theme ${stored}, expected ${choice}`);
      }
      await driver.click(role("radio", "Dark", { within: group }));
      await driver.goto("/faq");
      await waitFor(
        async () => (await pageColor()) === PAGE_COLOR.dark,
        () => `${driver.engine}: the stored Dark theme is not applied on the next page`,
      );
      await expectNoConsoleErrors(driver, "/contact and /faq");
    },
  },
];

/** Every journey, in the order each engine runs them. */
export const JOURNEYS: Journey[] = [
  ...routeJourneys,
  ...formJourneys,
  newsletterJourney,
  ...disclosureJourneys,
  ...searchJourneys,
  ...themeJourneys,
];
