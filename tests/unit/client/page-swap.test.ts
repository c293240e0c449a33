import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { startPageSwaps, type SwapHooks } from "../../../src/client/page-swap.ts";
import { PAGE_FRESH_MS } from "../../../src/lib/static-files.ts";
import { FakeDocument, FakeElement, h } from "./fake-dom.ts";

/**
 * The page swap (src/client/page-swap.ts) on a fake page (./fake-dom.ts) and a fake clock: the server's pages are
 * fake documents, served by a fake fetch as HTML whose text names the page, and "parsed" back into them.
 */
const ORIGIN = "https://shop.test";
const LOADER = "/assets/loader-abc.js";

/** A page of the site as the server sends it. */
function sitePage(path: string, { loader = LOADER, sheets = ["/assets/site.css"], main = true } = {}) {
  const doc = new FakeDocument(
    h(
      "header",
      {},
      h(
        "label",
        { class: "theme-switch" },
        h("input", { id: "light", value: "light" }),
        h("input", { id: "dark", value: "dark" }),
      ),
    ),
    ...(main
      ? [
          h(
            "main",
            {},
            h("h1", { id: "intro" }),
            h("a", { id: "to-b", href: "/b" }),
            h("a", { id: "to-c", href: "/c#specs" }),
            h("input", { id: "name", value: "" }),
            h("input", { id: "agree", type: "checkbox" }),
            new FakeSelect("select", { id: "plan" }, [
              h("option", { value: "basic", selected: "" }),
              h("option", { value: "pro" }),
            ]),
            h("script", { id: "inline" }),
            h("h2", { id: "specs" }),
          ),
        ]
      : []),
  );
  doc.documentElement.setAttribute("lang", path === "/c" ? "de" : "en");
  const title = h("title");
  title.textContent = `Page ${path}`;
  doc.head.append(
    title,
    h("meta", { name: "description", content: `About ${path}` }),
    h("meta", { name: "viewport", content: "width=device-width" }),
    h("link", { rel: "canonical", href: `${ORIGIN}${path}` }),
    ...sheets.map((sheet) => {
      const [href = "", media] = sheet.split("|");
      return h("link", { rel: "stylesheet", href, ...(media && { media }) });
    }),
    h("script", { type: "module", src: loader }),
  );
  return doc;
}

/** A select: its options are its children, each `selected` as the visitor chose. */
class FakeSelect extends FakeElement {
  get options() {
    return this.children.map((option) =>
      Object.assign(option, {
        defaultSelected: option.hasAttribute("selected"),
        selected: option.value === this.value,
      }),
    );
  }
}

let served: Map<string, { doc: () => FakeDocument; status?: number; redirected?: boolean; type?: string }>;
let requests: string[];
let view: ReturnType<typeof fakeWindow>;

function fakeWindow(path: string) {
  /** The session's entries, and which one is shown. */
  const entries: { url: string; state: unknown }[] = [{ url: `${ORIGIN}${path}`, state: null }];
  let at = 0;
  const history = {
    entries,
    scrollRestoration: "auto",
    get state() {
      return entries[at]?.state ?? null;
    },
    pushState(state: unknown, _: string, url: string) {
      location.href = new URL(url, location.href).href;
      entries.splice(++at, Infinity, { url: location.href, state });
    },
    replaceState(state: unknown) {
      Object.assign(entries[at] ?? {}, { state });
    },
    /** The browser's back button: the entry before, and a popstate with its state. */
    back() {
      const entry = entries[--at];
      location.href = entry?.url ?? "";
      const event = new Event("popstate");
      Object.defineProperty(event, "state", { value: entry?.state });
      view.dispatchEvent(event);
    },
  };
  const location = { href: `${ORIGIN}${path}`, assign: vi.fn(), reload: vi.fn() };
  const target = new EventTarget();
  return Object.assign(target, {
    history,
    location,
    scrollY: 0,
    scrollTo: vi.fn((_x: number, y: number) => {
      view.scrollY = y;
    }),
    requestAnimationFrame: (paint: () => void) => setTimeout(paint, 16),
    setTimeout: (run: () => void, ms: number) => setTimeout(run, ms),
  });
}

function start(path = "/a", hooks: Partial<SwapHooks> = {}) {
  const doc = sitePage(path);
  view = fakeWindow(path);
  doc.defaultView = view;
  doc.url = view.location.href;
  const parse = (html: string) => {
    const page = served.get(html)?.doc() ?? new FakeDocument();
    page.url = html;
    return page;
  };
  Object.assign(doc, {
    implementation: {
      createHTMLDocument: () => {
        let written = "";
        const parsed = Object.assign(new FakeDocument(), {
          open() {},
          write: (text: string) => {
            written += text;
          },
          close: () => Object.assign(parsed, { documentElement: parsed.adoptNode(parse(written).documentElement) }),
        });
        return parsed;
      },
    },
  });
  vi.stubGlobal(
    "DOMParser",
    class {
      parseFromString = parse;
    },
  );
  const all: SwapHooks = {
    ahead: vi.fn(async () => {}),
    nextSlice: vi.fn(async () => {}),
    showPage: vi.fn(),
    startPage: vi.fn(),
    ...hooks,
  };
  const swaps = startPageSwaps(doc as unknown as Document, all);
  const tap = (id: string, extra: Record<string, unknown> = {}) => {
    const link = doc.getElementById(id);
    if (!link) throw new Error(`no #${id}`);
    return doc.fire("click", link, { button: 0, ...extra });
  };
  /** Keeps the page at `path` and lets its fetch and parse finish. */
  const keep = async (path: string) => {
    const kept = swaps.keep(`${ORIGIN}${path}`);
    await vi.advanceTimersByTimeAsync(0);
    return kept;
  };
  return { doc, hooks: all, keep, tap, swaps };
}

/** A frame drawn, and the task after it. */
const drawn = () => vi.advanceTimersByTimeAsync(20);

beforeEach(() => {
  vi.useFakeTimers();
  requests = [];
  served = new Map(["/b", "/c"].map((path) => [`${ORIGIN}${path}`, { doc: () => sitePage(path) }]));
  vi.stubGlobal("Element", FakeElement);
  vi.stubGlobal("HTMLElement", FakeElement);
  vi.stubGlobal("HTMLAnchorElement", FakeElement);
  vi.stubGlobal("HTMLInputElement", FakeElement);
  vi.stubGlobal("HTMLSelectElement", FakeSelect);
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    // Same-origin credentials: the page as the visitor's own request would have it.
    if (init.credentials !== "same-origin") throw new Error("credentials not same-origin");
    requests.push(url);
    const page = served.get(url);
    if (!page) throw new TypeError("Failed to fetch");
    return {
      ok: (page.status ?? 200) < 400,
      redirected: page.redirected ?? false,
      headers: new Headers({ "content-type": page.type ?? "text/html; charset=utf-8" }),
      text: async () => url,
    };
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  globalThis.siteSwappedFrom = undefined;
  globalThis.siteMountedIslands = undefined;
});

describe("a tap on a kept page's link", () => {
  test("shows that page in this document: its head, body, language and address, at the top, once", async () => {
    const { doc, keep, tap, hooks } = start();
    expect(await keep("/b")).toBe(true);
    expect(await keep("/b")).toBe(false); // kept already
    expect(requests).toEqual([`${ORIGIN}/b`]);
    expect(doc.getElementById("to-b")?.hasAttribute("data-no-speculate")).toBe(true);
    expect(doc.getElementById("to-c")?.hasAttribute("data-no-speculate")).toBe(false);
    // The new page's metadata goes where the old one's was: before the stylesheets.
    const headOrder = () => doc.head.children.map((el) => el.tagName);
    view.scrollY = 300;
    doc.getElementById("name")?.focus();
    expect(tap("to-b").defaultPrevented).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(doc.title).toBe("Page /b");
    expect(headOrder().slice(0, 4)).toEqual(["meta", "title", "meta", "link"]);
    expect(doc.head.querySelector("meta[name=description]")?.getAttribute("content")).toBe("About /b");
    expect(doc.head.querySelectorAll("meta[name=viewport]")).toHaveLength(1);
    expect(doc.head.querySelector("link[rel=canonical]")?.getAttribute("href")).toBe(`${ORIGIN}/b`);
    expect(view.location.href).toBe(`${ORIGIN}/b`);
    expect(view.history.state).toEqual({ swapped: true });
    expect(globalThis.siteSwappedFrom).toBe(`${ORIGIN}/a`);
    expect(view.scrollY).toBe(0);
    expect(hooks.showPage).toHaveBeenCalledWith(doc);
    console.log("DBG", view.location.assign.mock.calls, vi.getTimerCount());
    // The page is drawn before it starts.
    expect(hooks.startPage).not.toHaveBeenCalled();
    await drawn();
    console.log(
      "DBG2",
      vi.getTimerCount(),
      doc.body.children.map((c) => c.tagName),
      doc.body.getAttribute("tabindex"),
    );
    await vi.advanceTimersByTimeAsync(1000);
    console.log(
      "DBG3",
      vi.getTimerCount(),
      doc.body.children.map((c) => c.tagName),
      vi.mocked(hooks.startPage).mock.calls.length,
    );
    expect(hooks.startPage).toHaveBeenCalledTimes(1);
    // A second tap on a link to the same page loads it as usual: each kept page is shown once.
    expect(tap("to-b").defaultPrevented).toBe(false);
  });

  test("leaves focus at the top, as a page load does, and announces the new title politely", async () => {
    const { doc, keep, tap } = start();
    await keep("/b");
    tap("to-b");
    await drawn();
    expect(doc.activeElement).toBe(doc.body);
    expect(doc.body.focusedWith).toEqual({ preventScroll: true, tabindex: "-1" });
    expect(doc.body.hasAttribute("tabindex")).toBe(false);
    const region = doc.body.children[0];
    expect([region?.getAttribute("aria-live"), region?.getAttribute("class"), region?.textContent]).toEqual([
      "polite",
      "visually-hidden",
      "",
    ]);
    await vi.advanceTimersByTimeAsync(100);
    expect(region?.textContent).toBe("Page /b");
  });

  test("scrolls to the link's fragment, and shows the theme in use on the new header's switch", async () => {
    const { doc, keep, tap } = start();
    doc.documentElement.setAttribute("data-theme", "dark");
    await keep("/c");
    tap("to-c");
    await vi.advanceTimersByTimeAsync(0);
    expect(doc.scrolledTo).toBe(doc.getElementById("specs"));
    expect(view.location.href).toBe(`${ORIGIN}/c#specs`);
    expect(doc.documentElement.getAttribute("lang")).toBe("de");
    expect([doc.getElementById("light")?.checked, doc.getElementById("dark")?.checked]).toEqual([false, true]);
  });

  test.each([
    ["another button", { button: 1 }],
    ["a modifier key", { ctrlKey: true }],
    ["a click a handler took", { defaultPrevented: true }],
  ])("is left to the browser with %s", async (_case, extra) => {
    const { doc, keep, tap } = start();
    await keep("/b");
    tap("to-b", extra);
    await drawn();
    expect([doc.title, view.location.href]).toEqual(["Page /a", `${ORIGIN}/a`]);
  });

  test.each([
    ["a link to a new window", (link: FakeElement) => link.setAttribute("target", "_blank")],
    ["a download", (link: FakeElement) => link.setAttribute("download", "")],
  ])("is left to the browser for %s", async (_case, change) => {
    const { doc, keep, tap } = start();
    await keep("/b");
    const link = doc.getElementById("to-b");
    if (link) change(link);
    expect(tap("to-b").defaultPrevented).toBe(false);
  });

  test("is served for a link to this window, and for a page exactly as old as a page may be cached", async () => {
    const { doc, keep, tap } = start();
    doc.getElementById("to-b")?.setAttribute("target", "_self");
    await keep("/b");
    await vi.advanceTimersByTimeAsync(PAGE_FRESH_MS);
    expect(tap("to-b").defaultPrevented).toBe(true);
  });

  test("is left to the browser once the page is older than a page may be cached", async () => {
    const { keep, tap } = start();
    await keep("/b");
    await vi.advanceTimersByTimeAsync(PAGE_FRESH_MS + 1);
    expect(tap("to-b").defaultPrevented).toBe(false);
    expect(await keep("/b")).toBe(true); // asked for again
  });
});

describe("a page that is not kept", () => {
  test.each([
    ["an error page", { status: 404 }],
    ["a redirect", { redirected: true }],
    ["not a page", { type: "application/json" }],
    ["a page built by another deploy", { doc: () => sitePage("/b", { loader: "/assets/loader-new.js" }) }],
    ["a page without main content", { doc: () => sitePage("/b", { main: false }) }],
  ])("%s opens with an ordinary page load, and may be asked for again", async (_case, answer) => {
    served.set(`${ORIGIN}/b`, { doc: () => sitePage("/b"), ...answer });
    const { keep, tap } = start();
    await keep("/b");
    expect(tap("to-b").defaultPrevented).toBe(false);
    expect(await keep("/b")).toBe(true);
  });

  test("a page that cannot be fetched may be asked for again; one kept for a page left meanwhile is dropped", async () => {
    const { keep } = start();
    await keep("/nowhere");
    expect(await keep("/nowhere")).toBe(true);
    const idle: (() => void)[] = [];
    const page = start("/a", { ahead: () => new Promise<void>((resolve) => idle.push(resolve)) });
    await page.keep("/c");
    await page.keep("/b");
    idle[1]?.(); // /b parsed and kept
    await vi.advanceTimersByTimeAsync(0);
    page.tap("to-b");
    idle[0]?.(); // /c parsed for /a, which is gone
    await drawn();
    expect(page.doc.title).toBe("Page /b");
    expect(page.tap("to-c").defaultPrevented).toBe(false);
  });
});

describe("the stylesheets", () => {
  test("a tap waits until the new page's own sheets have loaded or failed: no frame shows it unstyled", async () => {
    served.set(`${ORIGIN}/b`, {
      doc: () => sitePage("/b", { sheets: ["/assets/site.css", "/assets/b.css", "/assets/c.css"] }),
    });
    const { doc, keep, tap } = start();
    const create = doc.createElement.bind(doc);
    doc.createElement = (tag: string) => Object.assign(create(tag), { sheet: null });
    await keep("/b");
    tap("to-b");
    await drawn();
    expect(doc.title).toBe("Page /a");
    doc.head.querySelector('link[href="/assets/b.css"]')?.dispatchEvent(new Event("load"));
    await drawn();
    expect(doc.title).toBe("Page /a");
    doc.head.querySelector('link[href="/assets/c.css"]')?.dispatchEvent(new Event("error"));
    await drawn();
    expect(doc.title).toBe("Page /b");
  });

  test("the new page's media and order apply, the order the cascade depends on", async () => {
    served.set(`${ORIGIN}/b`, {
      doc: () => sitePage("/b", { sheets: ["/assets/print.css|print", "/assets/site.css"] }),
    });
    const { doc, keep, tap } = start();
    const sheets = () =>
      doc.head.querySelectorAll("link[rel=stylesheet]").map((l) => `${l.getAttribute("href")} ${l.media}`);
    await keep("/b");
    tap("to-b");
    await drawn();
    expect(sheets()).toEqual(["/assets/print.css print", "/assets/site.css "]);
  });

  test("a kept page's own sheets load ahead without applying; the swap applies them in its order and drops the old", async () => {
    served.set(`${ORIGIN}/b`, { doc: () => sitePage("/b", { sheets: ["/assets/shell.css", "/assets/b.css"] }) });
    const { doc, keep, tap } = start();
    const sheets = () =>
      doc.head.querySelectorAll("link[rel=stylesheet]").map((l) => `${l.getAttribute("href")} ${l.media}`);
    await keep("/b");
    expect(sheets()).toEqual(["/assets/site.css ", "/assets/shell.css not all", "/assets/b.css not all"]);
    tap("to-b");
    await vi.advanceTimersByTimeAsync(0);
    expect(sheets()).toEqual(["/assets/shell.css ", "/assets/b.css "]);
  });
});

describe("back and forward", () => {
  test("swap the entry's page back in where it was scrolled to, with what the visitor had typed", async () => {
    const { doc, keep, tap } = start();
    view.scrollY = 420;
    const name = doc.getElementById("name");
    if (name) name.value = "Asha";
    const agree = doc.getElementById("agree");
    if (agree) agree.checked = true;
    const plan = doc.getElementById("plan");
    if (plan) plan.value = "pro";
    view.dispatchEvent(new Event("scroll"));
    await keep("/b");
    tap("to-b");
    await drawn();
    expect(view.history.scrollRestoration).toBe("manual");
    // Only what the visitor changed is noted (the header's theme inputs are fields 0 and 1).
    expect(view.history.entries[0]?.state).toEqual({
      swapped: true,
      scrollY: 420,
      fields: [
        [2, "Asha"],
        [3, true],
        [4, "pro"],
      ],
    });
    served.set(`${ORIGIN}/a`, { doc: () => sitePage("/a") });
    view.history.back();
    await drawn();
    expect(doc.title).toBe("Page /a");
    expect(view.scrollY).toBe(420);
    const restored = ["name", "agree", "plan"].map((id) => doc.getElementById(id));
    expect(restored.map((field) => field?.value)).toEqual(["Asha", "", "pro"]);
    expect(restored.map((field) => field?.checked)).toEqual([false, true, false]);
  });

  test("note where the page is scrolled to, at rest, in the entry this module shows again", async () => {
    const { keep, tap } = start();
    await keep("/b");
    tap("to-b");
    await drawn();
    view.scrollY = 100;
    view.dispatchEvent(new Event("scroll"));
    view.scrollY = 250;
    view.dispatchEvent(new Event("scroll"));
    await vi.advanceTimersByTimeAsync(199);
    expect(view.history.state).toEqual({ swapped: true });
    await vi.advanceTimersByTimeAsync(1);
    expect(view.history.state).toEqual({ swapped: true, scrollY: 250 });
    view.dispatchEvent(new Event("pagehide"));
    expect(view.history.scrollRestoration).toBe("auto");
  });

  test("a position is noted only in an entry this module shows again, and never in the entry gone back to", async () => {
    const { keep, tap } = start();
    view.scrollY = 50;
    view.dispatchEvent(new Event("scroll"));
    await drawn();
    await vi.advanceTimersByTimeAsync(200);
    expect(view.history.state).toBe(null);
    await keep("/b");
    tap("to-b");
    await drawn();
    served.set(`${ORIGIN}/a`, { doc: () => sitePage("/a") });
    view.scrollY = 900;
    view.dispatchEvent(new Event("scroll"));
    view.history.back();
    await vi.advanceTimersByTimeAsync(300);
    expect(view.history.state).toMatchObject({ swapped: true, scrollY: 50 });
  });

  test("an entry this module did not make, or of the page shown, is the browser's; a page that cannot come reloads", async () => {
    start();
    const pop = (state: unknown) => {
      const event = new Event("popstate");
      Object.defineProperty(event, "state", { value: state });
      view.dispatchEvent(event);
    };
    pop(null);
    pop("swapped");
    view.location.href = `${ORIGIN}/b`;
    pop({ swapped: "yes" });
    view.location.href = `${ORIGIN}/a`;
    pop({ swapped: true }); // the page shown (/a): a move to a fragment of it
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toEqual([]);
    view.location.href = `${ORIGIN}/gone`;
    pop({ swapped: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toEqual([`${ORIGIN}/gone`]);
    expect(view.location.reload).toHaveBeenCalledTimes(1);
  });
});

describe("once the new page is drawn", () => {
  test("its inline scripts run in their place, and its page modules start on it (one that cannot load is logged)", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const started = `data:text/javascript,export const startPage = (doc) => doc.body.setAttribute("started", "");`;
    served.set(`${ORIGIN}/b`, {
      doc: () => {
        const page = sitePage("/b");
        const inline = page.getElementById("inline");
        if (inline) inline.textContent = "document.title += '!'";
        page.body.append(
          h("script", { type: "module", src: started }),
          h("script", { type: "module", src: "data:text/javascript,throw 1" }),
        );
        return page;
      },
    });
    const { doc, keep, tap } = start();
    await keep("/b");
    tap("to-b");
    await drawn();
    const scripts = doc.body.querySelectorAll("script:not([src])");
    expect(scripts.map((script) => [script.id, script.textContent])).toEqual([["", "document.title += '!'"]]);
    // The modules load outside the fake clock: waited for by their effect, not by time.
    await vi.waitFor(() => expect(doc.body.hasAttribute("started")).toBe(true), { timeout: 30_000 });
    await vi.waitFor(() => expect(logged).toHaveBeenCalledWith("[page module]", "data:text/javascript,throw 1", 1), {
      timeout: 30_000,
    });
  });

  test("the islands of the page left are unmounted, and the new page's own are not", async () => {
    const { doc, keep, tap } = start();
    const left = vi.fn();
    const staying = vi.fn();
    const header = doc.body.children[0] as FakeElement;
    globalThis.siteMountedIslands = new Map([
      [doc.getElementById("intro") as unknown as Element, left],
      [doc.documentElement as unknown as Element, staying],
    ]);
    await keep("/b");
    tap("to-b");
    await drawn();
    expect([left.mock.calls.length, staying.mock.calls.length, globalThis.siteMountedIslands.size]).toEqual([1, 0, 1]);
    void header;
  });
});
