import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { FakeDialog, FakeDocument, FakeElement, h } from "./fake-dom.ts";

/**
 * The eager loader (src/client/loader.ts) run on a fake page (./fake-dom.ts) and a fake clock: how the browser tells
 * each island's trigger (idle, on screen, a media query, a stored choice), when its code is fetched ahead, and that
 * its chunk loads only once what the waking tap opened is on screen. Island chunks are data: modules.
 */
const MOUNT = `data:text/javascript,export default (root) => { root.setAttribute("mounted", ""); }`;
const NO_MOUNT = "data:text/javascript,export const nothing = 1;";

let win: EventTarget;
let observers: { wake: (entries: { isIntersecting: boolean }[]) => void; observed: unknown[]; options: unknown }[];
let media: Map<string, { matches: boolean; change?: (event: { matches: boolean }) => void }>;
let stored: Map<string, string> | undefined;
let animations: { iterations: number; finished: Promise<unknown> }[];

function island(name: string, hydrate: string, attributes: Record<string, string> = {}) {
  return h(
    "site-island",
    { id: name, "data-island": name, "data-src": MOUNT, "data-hydrate": hydrate, ...attributes },
    h("island-root", {}, h("form", { id: `${name}-form` })),
  );
}

/** Starts the loader on a page holding `content`, as loaded (`complete`) or still loading. */
async function load(
  content: FakeElement[],
  { readyState = "complete", connection = {} as object, consent = false, search = "" } = {},
) {
  const doc = Object.assign(new FakeDocument(...content), {
    readyState,
    URL: "https://shop.test/",
    referrer: "",
    getAnimations: () =>
      animations.map((timing) => ({
        effect: timing.iterations === 0 ? null : { getComputedTiming: () => timing },
        finished: timing.finished,
      })),
  });
  vi.stubGlobal("document", doc);
  vi.stubGlobal("window", Object.assign(win, { IntersectionObserver: globalThis.IntersectionObserver }));
  for (const name of ["addEventListener", "removeEventListener", "dispatchEvent"] as const)
    vi.stubGlobal(name, win[name].bind(win));
  if (consent) doc.documentElement.setAttribute("data-analytics-consent", "");
  doc.documentElement.setAttribute("data-analytics-id", "G-TEST");
  vi.stubGlobal("location", { search, href: "https://shop.test/", pathname: "/", hostname: "shop.test" });
  vi.stubGlobal("navigator", { connection });
  vi.stubGlobal("__PAGE_SWAP__", "data:text/javascript,");
  vi.resetModules();
  await import("../../../src/client/loader.ts");
  return doc;
}

/** The observers watching islands come on screen (next-page.ts watches the page's links with its own). */
const islandObservers = () =>
  observers.filter((observer) => (observer.options as { rootMargin?: string } | undefined)?.rootMargin === "200px");
const mounted = (doc: FakeDocument, name: string) =>
  doc.getElementById(name)?.querySelector("island-root")?.hasAttribute("mounted") ?? false;
/** Lets the page run: frames, idle callbacks and imports. */
const settle = async (ms = 500) => {
  for (let i = 0; i < 10; i++) await vi.advanceTimersByTimeAsync(ms / 10);
};

// Loaded once ahead, outside the fake clock: in the tests an island's import then takes no real time.
beforeAll(async () => {
  await Promise.all([import(/* @vite-ignore */ MOUNT), import(/* @vite-ignore */ NO_MOUNT)]);
});

beforeEach(() => {
  vi.useFakeTimers();
  win = new EventTarget();
  observers = [];
  media = new Map();
  stored = new Map();
  animations = [];
  vi.stubGlobal("Element", FakeElement);
  vi.stubGlobal("HTMLElement", FakeElement);
  vi.stubGlobal("HTMLDialogElement", FakeDialog);
  vi.stubGlobal("HTMLButtonElement", { prototype: { command: "" } });
  vi.stubGlobal("HTMLScriptElement", { supports: () => false });
  vi.stubGlobal("CSS", { escape: (text: string) => text });
  vi.stubGlobal("requestAnimationFrame", (paint: () => void) => setTimeout(paint, 16));
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      observed: unknown[] = [];
      constructor(
        readonly wake: (entries: { isIntersecting: boolean }[]) => void,
        readonly options: unknown,
      ) {
        observers.push(this);
      }
      observe(target: unknown) {
        this.observed.push(target);
      }
      disconnect() {
        observers.splice(observers.indexOf(this), 1);
      }
    },
  );
  vi.stubGlobal("matchMedia", (query: string) => {
    const entry = media.get(query) ?? { matches: false };
    media.set(query, entry);
    return {
      get matches() {
        return entry.matches;
      },
      addEventListener: (_: string, change: (event: { matches: boolean }) => void) => {
        entry.change = change;
      },
      removeEventListener: (type: string) => {
        if (type === "change") entry.change = undefined;
      },
    };
  });
  const storage = () => ({
    getItem: (key: string) => {
      if (!stored) throw new Error("storage blocked");
      return stored.get(key) ?? null;
    },
    setItem: (key: string, value: string) => stored?.set(key, value),
    removeItem: () => {},
  });
  vi.stubGlobal("localStorage", storage());
  vi.stubGlobal("sessionStorage", storage());
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  globalThis.siteIslandEvents = undefined;
});

describe("an island wakes", () => {
  test("on load: its chunk is imported once the next frame is drawn and the fade-in it started has finished", async () => {
    let finish = (_: unknown) => {};
    animations = [
      { iterations: 1, finished: new Promise((resolve) => (finish = resolve)) },
      { iterations: Number.POSITIVE_INFINITY, finished: new Promise(() => {}) }, // a spinner never ends: not waited for
      { iterations: 0, finished: Promise.resolve() }, // one without an effect
    ];
    const doc = await load([island("buy", "load")]);
    await vi.advanceTimersByTimeAsync(100);
    expect(mounted(doc, "buy")).toBe(false);
    finish(undefined);
    await settle(200); // well before the 400 ms cap
    expect(mounted(doc, "buy")).toBe(true);
  });

  test("on load, at the latest 400 ms after the tap, in a tab that draws no frames", async () => {
    vi.stubGlobal("requestAnimationFrame", () => {});
    const doc = await load([island("buy", "load")]);
    await vi.advanceTimersByTimeAsync(399);
    expect(mounted(doc, "buy")).toBe(false);
    await settle(100);
    expect(mounted(doc, "buy")).toBe(true);
  });

  test("when idle: only once the page has loaded", async () => {
    const doc = await load([island("toaster", "idle")], { readyState: "loading" });
    await settle(2000);
    expect(mounted(doc, "toaster")).toBe(false);
    win.dispatchEvent(new Event("load"));
    await settle(2000);
    expect(mounted(doc, "toaster")).toBe(true);
  });

  test("when on screen: its content is watched 200 px ahead, and the island wakes once", async () => {
    const doc = await load([island("form", "visible")]);
    const [observer] = islandObservers();
    expect(observer?.observed).toEqual([doc.getElementById("form-form")]);
    expect(observer?.options).toEqual({ rootMargin: "200px" });
    observer?.wake([{ isIntersecting: false }]);
    await settle();
    expect(mounted(doc, "form")).toBe(false);
    observer?.wake([{ isIntersecting: false }, { isIntersecting: true }]);
    await settle();
    expect(mounted(doc, "form")).toBe(true);
    expect(islandObservers()).toEqual([]);
  });

  test("when on screen, at once where there is nothing to watch", async () => {
    const empty = island("empty", "visible");
    empty.children[0]?.children.splice(0);
    const doc = await load([empty]);
    await settle();
    expect(mounted(doc, "empty")).toBe(true);
  });

  test("for a media query: at once when it matches, or when it comes to match", async () => {
    media.set("(min-width: 48rem)", { matches: true });
    const doc = await load([island("wide", "media:(min-width: 48rem)"), island("narrow", "media:(max-width: 20rem)")]);
    await settle();
    expect([mounted(doc, "wide"), mounted(doc, "narrow")]).toEqual([true, false]);
    const narrow = media.get("(max-width: 20rem)");
    narrow?.change?.({ matches: false });
    await settle();
    expect(mounted(doc, "narrow")).toBe(false);
    narrow?.change?.({ matches: true });
    await settle();
    expect(mounted(doc, "narrow")).toBe(true);
    expect(narrow?.change).toBeUndefined();
  });

  test.each([
    ["a stored choice wakes it", new Map([["currency", "eur"]]), true],
    ["no stored choice leaves it asleep", new Map(), false],
    ["blocked storage leaves it asleep", undefined, false],
  ])("for a stored choice: %s", async (_case, storage, wakes) => {
    stored = storage;
    const doc = await load([island("prices", "stored:currency")]);
    await settle();
    expect(mounted(doc, "prices")).toBe(wakes);
  });

  test("for an event the page fires after the loader ran", async () => {
    const doc = await load([island("toaster", "event:site:toast")]);
    await settle();
    expect(mounted(doc, "toaster")).toBe(false);
    win.dispatchEvent(new Event("site:toast"));
    await settle();
    expect(mounted(doc, "toaster")).toBe(true);
  });

  test("for an event the page fired before the loader ran, and for islands a page module adds later", async () => {
    globalThis.siteIslandEvents = ["site:toast"];
    const doc = await load([island("toaster", "event:site:toast"), h("div", { id: "panel" })]);
    await settle();
    expect(mounted(doc, "toaster")).toBe(true);
    const panel = doc.getElementById("panel");
    const added = island("later", "load");
    panel?.append(added);
    doc.adoptNode(added);
    panel?.append(added);
    if (panel) doc.fire("site:islands", panel);
    await settle();
    expect(mounted(doc, "later")).toBe(true);
  });
});

describe("an island's code fetched ahead", () => {
  const prefetched = (doc: FakeDocument) =>
    doc.head
      .querySelectorAll("link[rel=prefetch]")
      .map((link) => `${(link as FakeElement & { as?: string }).as} ${link.getAttribute("href")}`);

  test("once someone is at the page and the form on screen, once per document, and not on a slow connection", async () => {
    const page = async (connection: object) => {
      const doc = await load(
        [
          island("contact", "interaction", { "data-prefetch": "/a.js /react.js" }),
          island("news", "interaction", { "data-prefetch": "/react.js" }),
        ],
        { connection },
      );
      await settle(2000);
      return doc;
    };
    const slow = await page({ effectiveType: "2g" });
    win.dispatchEvent(new Event("pointermove"));
    for (const observer of islandObservers()) observer.wake([{ isIntersecting: true }]);
    expect(prefetched(slow)).toEqual([]);
    const doc = await page({});
    for (const observer of islandObservers()) observer.wake([{ isIntersecting: true }]);
    expect(prefetched(doc)).toEqual([]); // nobody at the page yet
    win.dispatchEvent(new Event("scroll"));
    for (const observer of islandObservers()) observer.wake([{ isIntersecting: true }]);
    expect(prefetched(doc)).toEqual(["script /a.js", "script /react.js"]);
  });

  test("for a dialog's island, once a mouse or keyboard reaches for a control that opens it, never a finger", async () => {
    const opener = h("button", { id: "opener", commandfor: "search-dialog" });
    const doc = await load([
      opener,
      h("dialog", { id: "search-dialog" }, island("search", "interaction", { "data-prefetch": "/search.js" })),
    ]);
    await settle(2000);
    const reach = (type: string, extra: Record<string, unknown> = {}) => {
      const event = new Event(type);
      for (const [key, value] of Object.entries(extra)) Object.defineProperty(event, key, { value });
      Object.defineProperty(event, "currentTarget", { value: opener });
      opener.dispatchEvent(event);
    };
    reach("pointerover", { pointerType: "touch" });
    reach("focusin"); // focus a tap gave it: not :focus-visible
    expect(prefetched(doc)).toEqual([]);
    opener.states.add("focus-visible");
    reach("focusin");
    expect(prefetched(doc)).toEqual(["script /search.js"]);
    reach("pointerover", { pointerType: "mouse" });
    expect(prefetched(doc)).toHaveLength(1);
  });

  test("for a dialog's island at once when the pointer is over one of its openers already", async () => {
    const opener = h("button", { commandfor: "search-dialog" });
    opener.states.add("hover");
    const doc = await load([
      h("button", { commandfor: "search-dialog" }),
      opener,
      h("dialog", { id: "search-dialog" }, island("search", "interaction", { "data-prefetch": "/search.js" })),
    ]);
    await settle(2000);
    expect(prefetched(doc)).toEqual(["script /search.js"]);
  });

  test("for a dialog's island when a mouse reaches its opener; the dialog's own close button is no opener", async () => {
    const opener = h("button", { commandfor: "search-dialog" });
    const close = h("button", { commandfor: "search-dialog", command: "close" });
    close.states.add("focus-visible");
    const elsewhere = h("a", { href: "/" });
    elsewhere.states.add("hover");
    const doc = await load([
      opener,
      elsewhere,
      h("dialog", { id: "search-dialog" }, close, island("search", "interaction", { "data-prefetch": "/search.js" })),
    ]);
    await settle(2000);
    expect(prefetched(doc)).toEqual([]);
    const event = new Event("pointerover");
    Object.defineProperty(event, "pointerType", { value: "mouse" });
    opener.dispatchEvent(event);
    expect(prefetched(doc)).toEqual(["script /search.js"]);
  });

  test("once per document, for islands a page module adds later too", async () => {
    const logged = vi.spyOn(console, "error");
    const doc = await load([
      island("first", "interaction", { "data-prefetch": "/react.js" }),
      h("div", { id: "panel" }),
    ]);
    await settle(2000);
    win.dispatchEvent(new Event("keydown"));
    for (const observer of islandObservers()) observer.wake([{ isIntersecting: true }]);
    const panel = doc.getElementById("panel");
    const added = doc.adoptNode(island("later", "interaction", { "data-prefetch": "/react.js /later.js" }));
    panel?.append(added);
    if (panel) doc.fire("site:islands", panel);
    await settle(2000);
    win.dispatchEvent(new Event("pointermove"));
    for (const observer of islandObservers()) observer.wake([{ isIntersecting: true }]);
    expect(prefetched(doc)).toEqual(["script /react.js", "script /later.js"]);
    expect(logged).not.toHaveBeenCalled(); // only islands were started
  });
});

describe("what else every page runs", () => {
  test("the sheets of the pages it links to are fetched ahead once it has loaded, once", async () => {
    vi.stubGlobal("__PAGE_SHEETS__", ["/assets/a.css", "/assets/b.css"]);
    const doc = await load([], { readyState: "loading" });
    doc.documentElement.setAttribute("data-next-sheets", "1");
    await settle(2000);
    const styles = () => doc.head.querySelectorAll("link[rel=prefetch]").map((link) => link.getAttribute("href"));
    expect(styles()).toEqual([]);
    win.dispatchEvent(new Event("load"));
    await settle(2000);
    win.dispatchEvent(new Event("load"));
    await settle(2000);
    expect(styles()).toEqual(["/assets/b.css"]);
  });

  test("its controls, the URL's preselection, the stored theme, the search shortcut, item links and the visit's source", async () => {
    stored = new Map([["theme", "dark"]]);
    vi.stubGlobal("dataLayer", undefined);
    const search = Object.assign(h("button", { "data-search-open": "" }), { click: vi.fn() });
    const menu = h("button", { id: "menu", "data-disclosure": "", "aria-controls": "panel", "aria-expanded": "false" });
    const doc = await load([
      menu,
      h("div", { id: "panel", hidden: "" }),
      search,
      h("a", { id: "item", "data-item-id": "astroway", "data-item-name": "AstroWay" }),
    ]);
    doc.fire("click", menu, { button: 0 });
    expect(menu.getAttribute("aria-expanded")).toBe("true");
    expect(doc.documentElement.getAttribute("data-theme")).toBe("dark");
    expect(doc.fire("keydown", doc.body, { key: "/" }).defaultPrevented).toBe(true);
    expect(search.click).toHaveBeenCalledTimes(1);
  });

  test("the visit's source is kept for the session with analytics consent, and items clicked are counted", async () => {
    const doc = await load([h("a", { id: "item", "data-item-id": "astroway", "data-item-name": "AstroWay" })], {
      consent: true,
    });
    expect(stored?.get("lead-source")).toBe(JSON.stringify({ landingPath: "/" }));
    doc.fire("click", doc.getElementById("item") as FakeElement, { button: 0 });
    expect((win as EventTarget & { dataLayer?: unknown[] }).dataLayer?.map((args) => [...(args as unknown[])])).toEqual(
      [["event", "select_item", { items: [{ item_id: "astroway", item_name: "AstroWay" }] }]],
    );
  });

  test("a select the URL names an option of starts on it", async () => {
    const select = Object.assign(h("select", { "data-url-param": "package" }), {
      value: "",
      options: [
        { value: "", defaultSelected: true },
        { value: "android", defaultSelected: false },
      ],
    });
    await load([select], { search: "?package=android" });
    expect(select.value).toBe("android");
  });
});

test("an island that fails is logged with its name", async () => {
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});
  const broken = island("buy", "load", { "data-src": NO_MOUNT });
  await load([broken]);
  await settle();
  expect(logged).toHaveBeenCalledWith("[island buy]", expect.any(Error));
  expect(broken.hasAttribute("data-failed")).toBe(true);
});
