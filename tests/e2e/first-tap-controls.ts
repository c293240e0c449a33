import type { Locator, Page } from "playwright-core";

/**
 * The controls a visitor uses first, each with what they do to it and the visible answer they wait for.
 * One table for `npm run bench:interactions` (time and bytes to the answer) and tests/e2e/first-tap.spec.ts (the
 * answer needs no request and no external script).
 *
 * The answer is written twice on purpose: `answer` is checked inside the page on every animation frame (the bench
 * times the first frame in which it holds; a Playwright locator cannot run there), `shown` is the same answer as a
 * role and text locator for the tests. Both describe what is on screen, never how it is built, so they hold for the
 * islands of today and for native <dialog>, `popover`, `command`/`commandfor` and <details> alike.
 */

/** What must be on screen; checked in the page (see installRecorder). */
export type Answer =
  /** An element matching `selector` whose text contains `text` (case-insensitive) is rendered and visible. */
  | {
      kind: "text";
      selector: string;
      text: string;
      exact?: boolean;
      inDialog?: boolean;
      within?: string;
      /** Inside a <section> whose heading reads this (the same words elsewhere on the page do not count). */
      inSection?: string;
      inViewport?: boolean;
    }
  /** The focused element is a visible text field. */
  | { kind: "focused-field" }
  /** The list's visible items all contain `term`, and some items are hidden. */
  | { kind: "filtered"; list: string; term: string }
  /** The first visible leaf text starting with `larger` is drawn in a bigger font than the one starting with `smaller`. */
  | { kind: "larger"; larger: string; smaller: string }
  | { kind: "all"; all: Answer[] }
  | { kind: "not"; not: Answer };

export type Profile = "phone" | "desktop";

/** What the visitor does: tap the control, tap a field and type into it, or move the mouse over the control. */
export type Input = { kind: "tap" } | { kind: "type"; text: string } | { kind: "hover" };

export interface Control {
  /** Short name for the table and the JSON. */
  id: string;
  /** The behaviour, as a sentence (the tests' describe title). */
  title: string;
  /** What the answer does, for the test titles: "opens without fetching anything". */
  verb: "opens" | "filters" | "switches" | "expands" | "highlights";
  path: string;
  profile: Profile;
  /** The cookie banner is on screen only for a visitor who has not chosen yet. */
  showsCookieBanner?: boolean;
  input: Input;
  /** The control the visitor taps, types into or hovers. */
  target: (page: Page) => Locator;
  answer: Answer;
  /** The answer as the tests see it, by role and visible text. */
  shown: (page: Page) => Locator;
  /** What the answer takes the place of (the first tab's panel): hidden while the answer shows. */
  replaces?: (page: Page) => Locator;
  /** Undoes the answer (close, collapse, choose the other option); the tests then expect `shown` to be hidden. */
  undo?: (page: Page) => Promise<void>;
  /** The tests leave out controls that need no change (FAQ <details>, the hover dropdown). */
  benchOnly?: boolean;
  /**
   * Needs the eager loader's few lines (a filter, a disclosure, tabs, a remembered choice): with scripts blocked, the
   * loader is let through and only the islands' code is blocked. Without it, the platform alone answers.
   */
  needsLoader?: boolean;
}

const heading = "h1, h2, h3, h4, h5, h6, [role='heading']";
const button = (page: Page, name: string | RegExp) =>
  page.getByRole("button", { name }).or(page.getByRole("radio", { name }));
const press = (key: string) => async (page: Page) => page.keyboard.press(key);
const tap = (locate: (page: Page) => Locator) => async (page: Page) => locate(page).tap();

export const CONTROLS: Control[] = [
  {
    id: "menu",
    title: "the menu button opens the phone menu",
    verb: "opens",
    path: "/",
    profile: "phone",
    input: { kind: "tap" },
    target: (page) => page.getByRole("banner").getByRole("button", { name: "Menu" }),
    answer: { kind: "text", selector: "a", text: "Home", exact: true, within: "header", inViewport: true },
    shown: (page) => page.getByRole("banner").getByRole("link", { name: "Home", exact: true }),
    undo: press("Escape"),
  },
  {
    id: "contact",
    title: "the floating Contact us button opens its dialog",
    verb: "opens",
    path: "/",
    profile: "phone",
    input: { kind: "tap" },
    target: (page) => page.getByRole("button", { name: "Contact us" }),
    answer: { kind: "text", selector: heading, text: "Send us an email", inDialog: true },
    shown: (page) => page.getByRole("dialog", { name: "Send us an email" }),
    undo: press("Escape"),
  },
  {
    id: "buy",
    title: "Buy Now on a product sold directly opens the product inquiry dialog",
    verb: "opens",
    path: "/products/legalway",
    profile: "phone",
    input: { kind: "tap" },
    target: (page) => page.getByRole("main").getByRole("button", { name: "Buy Now" }).first(),
    answer: { kind: "text", selector: heading, text: "Buy Legalway", inDialog: true },
    shown: (page) => page.getByRole("dialog", { name: /Buy Legalway/i }),
    undo: press("Escape"),
  },
  {
    id: "search",
    title: "the header search opens with its field focused",
    verb: "opens",
    path: "/",
    profile: "phone",
    input: { kind: "tap" },
    target: (page) => page.getByRole("banner").getByRole("button", { name: "Search" }),
    answer: { kind: "focused-field" },
    shown: (page) => page.getByRole("dialog").getByRole("searchbox"),
    undo: press("Escape"),
  },
  {
    id: "products-search",
    needsLoader: true,
    title: "typing in the products search box filters the grid",
    verb: "filters",
    path: "/products",
    profile: "phone",
    input: { kind: "type", text: "crm" },
    target: (page) => page.getByRole("searchbox", { name: "Search products" }),
    answer: { kind: "filtered", list: "[aria-label='All products']", term: "crm" },
    shown: (page) => page.getByRole("region", { name: "All products" }).getByRole("heading", { level: 2 }),
    undo: async (page) => page.getByRole("searchbox", { name: "Search products" }).fill(""),
  },
  {
    id: "blog-search",
    needsLoader: true,
    title: "typing in the blog search box filters the articles",
    verb: "filters",
    path: "/blog",
    profile: "phone",
    input: { kind: "type", text: "saas" },
    target: (page) => page.getByRole("searchbox", { name: "Search articles" }),
    answer: { kind: "filtered", list: "[aria-label='Articles']", term: "saas" },
    shown: (page) => page.getByRole("list", { name: "Articles" }).getByRole("heading", { level: 2 }),
    undo: async (page) => page.getByRole("searchbox", { name: "Search articles" }).fill(""),
  },
  {
    id: "blog-category",
    needsLoader: true,
    title: "a blog category button shows only that category's articles",
    verb: "filters",
    path: "/blog",
    profile: "phone",
    input: { kind: "tap" },
    target: (page) => button(page, "Technology"),
    answer: { kind: "filtered", list: "[aria-label='Articles']", term: "technology" },
    shown: (page) => page.getByRole("list", { name: "Articles" }).getByRole("heading", { level: 2 }),
    undo: tap((page) => button(page, "All")),
  },
  {
    id: "portfolio-category",
    needsLoader: true,
    title: "a portfolio category button shows only that category's projects",
    verb: "filters",
    path: "/portfolio",
    profile: "phone",
    input: { kind: "tap" },
    target: (page) => button(page, "Healthcare"),
    answer: { kind: "filtered", list: "[aria-label='Projects']", term: "healthcare" },
    shown: (page) => page.getByRole("list", { name: "Projects" }).getByRole("heading", { level: 2 }),
    undo: tap((page) => button(page, "All")),
  },
  {
    id: "cookie-preferences",
    title: "the cookie banner's Manage Preferences opens the Cookie Preferences dialog",
    verb: "opens",
    path: "/",
    profile: "phone",
    showsCookieBanner: true,
    input: { kind: "tap" },
    target: (page) => page.getByRole("button", { name: "Manage Preferences" }),
    answer: { kind: "text", selector: heading, text: "Cookie Preferences", inDialog: true },
    shown: (page) => page.getByRole("dialog", { name: "Cookie Preferences" }),
    undo: press("Escape"),
  },
  {
    id: "product-tabs",
    needsLoader: true,
    title: "a product's second platform tab shows its panel",
    verb: "switches",
    path: "/products/astroway",
    profile: "phone",
    input: { kind: "tap" },
    target: (page) => page.getByRole("tab", { name: "Astrologer app" }),
    answer: {
      kind: "all",
      all: [
        { kind: "text", selector: heading, text: "Astrologer app", exact: true, inSection: "Platform Overview" },
        {
          kind: "not",
          not: { kind: "text", selector: heading, text: "Customer app", exact: true, inSection: "Platform Overview" },
        },
      ],
    },
    shown: (page) =>
      page
        .getByRole("region", { name: "Platform Overview" })
        .getByRole("heading", { name: "Astrologer app", exact: true }),
    replaces: (page) =>
      page
        .getByRole("region", { name: "Platform Overview" })
        .getByRole("heading", { name: "Customer app", exact: true }),
    undo: tap((page) => page.getByRole("tab", { name: "Customer app" })),
  },
  {
    id: "show-more",
    needsLoader: true,
    title: "home's Show More Information expands and offers Hide Information",
    verb: "expands",
    path: "/",
    profile: "phone",
    input: { kind: "tap" },
    target: (page) => page.getByRole("button", { name: "Show More Information" }),
    answer: {
      kind: "all",
      all: [
        { kind: "text", selector: heading, text: "What you get with every app" },
        { kind: "text", selector: "button, summary, [role='button']", text: "Hide Information", exact: true },
      ],
    },
    shown: (page) => page.getByRole("heading", { name: "What you get with every app" }),
    undo: tap((page) => page.getByRole("button", { name: "Hide Information" })),
  },
  {
    id: "currency",
    needsLoader: true,
    title: "the USD toggle on /installation highlights the USD prices",
    verb: "highlights",
    path: "/installation",
    profile: "phone",
    input: { kind: "tap" },
    target: (page) => button(page, /USD/),
    answer: { kind: "larger", larger: "$", smaller: "₹" },
    // The tests compare the drawn sizes (see first-tap.spec.ts); this locates the first USD price.
    shown: (page) => page.getByText(/^\$\d/).first(),
    undo: tap((page) => button(page, /INR/)),
  },
  {
    id: "faq",
    title: "an FAQ question opens its answer",
    verb: "opens",
    path: "/faq",
    profile: "phone",
    input: { kind: "tap" },
    target: (page) => page.getByText("Who is Nexaworks Apps?", { exact: true }),
    answer: { kind: "text", selector: "p", text: "We are a software studio" },
    shown: (page) => page.getByText(/^We are a software studio/),
    benchOnly: true,
  },
  {
    id: "apps-hover",
    title: "the desktop Apps dropdown opens on hover",
    verb: "opens",
    path: "/",
    profile: "desktop",
    input: { kind: "hover" },
    target: (page) => page.getByRole("banner").getByRole("button", { name: "Apps" }),
    answer: { kind: "text", selector: "a", text: "Astroway", within: "header", inViewport: true },
    shown: (page) => page.getByRole("banner").getByRole("link", { name: /^Astroway/ }),
    benchOnly: true,
  },
];

/** The input event whose timestamp starts the clock. */
export function inputEvent(input: Input): "pointerdown" | "keydown" | "pointerover" {
  return input.kind === "type" ? "keydown" : input.kind === "hover" ? "pointerover" : "pointerdown";
}

/** Does what the visitor does: a tap, a tap on the field then typing (100 ms a key, as a quick thumb), or a hover. */
export async function act(page: Page, control: Control): Promise<void> {
  const target = control.target(page);
  if (control.input.kind === "hover") return target.hover();
  await target.tap();
  if (control.input.kind === "type") await page.keyboard.type(control.input.text, { delay: 100 });
}

/** Consent already given (unless the control is the banner's) and the WhatsApp popup already seen. */
export function quietOverlays(showsCookieBanner: boolean): void {
  if (!showsCookieBanner) {
    const preferences = { analytics: false, functional: false, marketing: false };
    localStorage.setItem(
      "cookie-consent",
      JSON.stringify({ preferences, timestamp: new Date().toISOString(), version: "1.0" }),
    );
  }
  sessionStorage.setItem("whatsappPopupShown", "true");
}

/** What the recorder holds after an input: page times (performance.now clock) and the requests in between. */
export interface Recording {
  inputAt: number | null;
  visibleAt: number | null;
  /** URLs of requests started at or after the input and no later than the answer's frame (Resource Timing). */
  fetchedBeforeAnswer: string[];
}

interface RecorderApi {
  arm(event: string, answer: Answer): void;
  result(): Recording;
}
type WithRecorder = { __firstTap: RecorderApi };

/**
 * The recorder as an init script's source. Given as text, with a stand-in for the `__name` helper that tsx's esbuild
 * adds to named inner functions (the bench runs under tsx; the page has no such helper).
 */
export const RECORDER_SCRIPT = `var __name = (fn) => fn; (${installRecorder.toString()})();`;

/** Starts the clock at the control's next input event and watches for its answer. */
export async function armRecorder(page: Page, control: Control): Promise<void> {
  await page.evaluate(([event, answer]) => (window as unknown as WithRecorder).__firstTap.arm(event, answer), [
    inputEvent(control.input),
    control.answer,
  ] as const);
}

/** Resolves once the answer has been on screen in a frame after the input. */
export async function answerShown(page: Page, timeout: number): Promise<void> {
  await page.waitForFunction(
    () => (window as unknown as WithRecorder).__firstTap.result().visibleAt !== null,
    undefined,
    { timeout, polling: 250 },
  );
}

export async function recording(page: Page): Promise<Recording> {
  return page.evaluate(() => (window as unknown as WithRecorder).__firstTap.result());
}

/**
 * Init script (page.addInitScript): `__firstTap.arm(event, answer)` stores the timestamp of the next `event`
 * (capturing, on window, so no handler of the page can hide it), then checks `answer` in every animation frame and
 * keeps the frame time of the first frame in which it holds. Both times are on the performance.now clock. Must be
 * self-contained: Playwright sends its source to the page.
 */
export function installRecorder(): void {
  performance.setResourceTimingBufferSize(5000);
  const rendered = (el: Element): boolean => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  };
  const inViewport = (el: Element): boolean => {
    const box = el.getBoundingClientRect();
    return box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth;
  };
  const words = (el: Element) => (el.textContent ?? "").replace(/\s+/g, " ").trim().toLowerCase();
  const inDialog = (el: Element): boolean => {
    const host = el.closest("dialog, [role='dialog'], [popover]");
    if (!host) return false;
    if (host instanceof HTMLDialogElement) return host.open;
    return host.hasAttribute("popover") ? host.matches(":popover-open") : true;
  };
  const inSection = (el: Element, title: string): boolean => {
    for (let section = el.closest("section"); section; section = section.parentElement?.closest("section") ?? null) {
      if ([...section.querySelectorAll("h1, h2, h3, [role='heading']")].some((h) => words(h) === title.toLowerCase()))
        return true;
    }
    return false;
  };
  const leaves = (start: string) =>
    [...document.querySelectorAll("body *")].filter(
      (el) => el.children.length === 0 && (el.textContent ?? "").trim().startsWith(start) && rendered(el),
    );
  const holds = (answer: Answer): boolean => {
    switch (answer.kind) {
      case "text": {
        const text = answer.text.toLowerCase();
        return [...document.querySelectorAll(answer.selector)].some(
          (el) =>
            (answer.exact ? words(el) === text : words(el).includes(text)) &&
            (!answer.within || el.closest(answer.within) !== null) &&
            (!answer.inSection || inSection(el, answer.inSection)) &&
            (!answer.inDialog || inDialog(el)) &&
            (!answer.inViewport || inViewport(el)) &&
            rendered(el),
        );
      }
      case "focused-field": {
        const el = document.activeElement;
        return el instanceof HTMLInputElement && ["search", "text"].includes(el.type) && rendered(el);
      }
      case "filtered": {
        const items = [...(document.querySelector(answer.list)?.children ?? [])];
        const shown = items.filter(rendered);
        return shown.length > 0 && shown.length < items.length && shown.every((el) => words(el).includes(answer.term));
      }
      case "larger": {
        const [big] = leaves(answer.larger);
        const [small] = leaves(answer.smaller);
        const size = (el: Element) => Number.parseFloat(getComputedStyle(el).fontSize);
        return big !== undefined && small !== undefined && size(big) > size(small);
      }
      case "all":
        return answer.all.every(holds);
      case "not":
        return !holds(answer.not);
    }
  };
  let state = { inputAt: null as number | null, visibleAt: null as number | null };
  const api: RecorderApi = {
    arm(event, answer) {
      if (holds(answer)) throw new Error(`the answer is on screen before the input: ${JSON.stringify(answer)}`);
      const armed = { inputAt: null as number | null, visibleAt: null as number | null };
      state = armed;
      addEventListener(event, (e) => (armed.inputAt ??= e.timeStamp), { capture: true, once: true });
      const frame = (time: number) => {
        if (armed.inputAt !== null && holds(answer)) armed.visibleAt = time;
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    },
    result() {
      const { inputAt, visibleAt } = state;
      const fetchedBeforeAnswer =
        inputAt === null
          ? []
          : performance
              .getEntriesByType("resource")
              .filter((entry) => entry.startTime >= inputAt && (visibleAt === null || entry.startTime <= visibleAt))
              // Pictures the answer reveals (cards coming into view) are content, not code the answer waited for.
              .filter((entry) => !/\.(svg|png|jpe?g|webp|avif|gif|ico)$/.test(new URL(entry.name).pathname))
              .map((entry) => entry.name);
      return { inputAt, visibleAt, fetchedBeforeAnswer };
    },
  };
  (window as unknown as WithRecorder).__firstTap = api;
}
