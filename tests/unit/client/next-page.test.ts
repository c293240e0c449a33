import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { fetchInView, fetchNextPages, fetchPageSheets } from "../../../src/client/next-page.ts";
import { SPECULATION_RULES } from "../../../src/lib/speculation-rules.ts";

/** An IntersectionObserver the test drives: it reports what the test says is in or out of view. */
class FakeObserver {
  static last: FakeObserver | undefined;
  readonly watched = new Set<object>();
  constructor(
    readonly report: (entries: { target: object; isIntersecting: boolean }[]) => void,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.last = this;
  }
  observe(target: object) {
    this.watched.add(target);
  }
  unobserve(target: object) {
    this.watched.delete(target);
  }
  disconnect() {
    this.watched.clear();
  }
  /** The reader scrolls: these links are now wholly in view (true) or not (false). */
  scroll(changes: [object, boolean][]) {
    this.report(
      changes
        .filter(([target]) => this.watched.has(target))
        .map(([target, isIntersecting]) => ({ target, isIntersecting })),
    );
  }
}

/** Five links in <main>, a page that holds them, and the fetches asked for. */
function page(signal?: AbortSignal) {
  const links = ["/a", "/b", "/c", "/d", "/e"].map((href) => ({ href }));
  const doc = {
    defaultView: Object.assign(new EventTarget(), { IntersectionObserver: FakeObserver }),
    querySelectorAll: (selector: string) => (selector === "main a[href]" ? links : []),
  } as unknown as Document;
  const fetched: string[] = [];
  const fetchAhead = (link: Element) => {
    const { href } = link as unknown as { href: string };
    if (fetched.includes(href)) return false;
    fetched.push(href);
    return true;
  };
  FakeObserver.last = undefined;
  fetchInView(doc, fetchAhead, signal);
  const observer = FakeObserver.last as FakeObserver | undefined;
  if (!observer) throw new Error("no IntersectionObserver was made");
  return { links, fetched, observer, view: doc.defaultView as unknown as EventTarget };
}

describe("fetching ahead on a touch screen what the reader stopped at", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test("fetches a link once it has stayed wholly in view for a second, not before", () => {
    const { links, fetched, observer } = page();
    // "In view" means wholly in view: a link cut by the screen's edge is being scrolled past.
    expect(observer.options?.threshold).toBe(1);
    observer.scroll([[links[0] as object, true]]);
    vi.advanceTimersByTime(999);
    expect(fetched).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fetched).toEqual(["/a"]);
  });

  test("holds a link's fetch that falls due during a tap until the tap's answer has had its moment", () => {
    const { links, fetched, observer, view } = page();
    observer.scroll([[links[0] as object, true]]);
    vi.advanceTimersByTime(900);
    view.dispatchEvent(new Event("pointerdown")); // the reader taps something else on the page
    vi.advanceTimersByTime(100);
    expect(fetched).toEqual([]);
    vi.advanceTimersByTime(400);
    expect(fetched).toEqual(["/a"]);
  });

  test("fetches nothing for a link scrolled past within the second", () => {
    const { links, fetched, observer } = page();
    observer.scroll([[links[0] as object, true]]);
    vi.advanceTimersByTime(600);
    observer.scroll([[links[0] as object, false]]);
    vi.advanceTimersByTime(5_000);
    expect(fetched).toEqual([]);
  });

  test("fetches at most three links a page, however long the reader scrolls", () => {
    const { links, fetched, observer } = page();
    for (const link of links) {
      observer.scroll([[link, true]]);
      vi.advanceTimersByTime(1_000);
      observer.scroll([[link, false]]);
    }
    expect(fetched).toEqual(["/a", "/b", "/c"]);
    expect(observer.watched.size).toBe(0);
  });

  test("stops watching when its page is swapped out, and never starts for one gone already", () => {
    const swap = new AbortController();
    const { links, fetched, observer } = page(swap.signal);
    observer.scroll([[links[0] as object, true]]);
    swap.abort();
    vi.advanceTimersByTime(5_000);
    expect(fetched).toEqual([]);
    expect(observer.watched.size).toBe(0);
    expect(() => page(swap.signal)).toThrow("no IntersectionObserver was made");
  });

  test("a link fetched already does not use up one of the three", () => {
    const { links, fetched, observer } = page();
    fetched.push("/a", "/b");
    observer.scroll(links.map((link) => [link, true]));
    vi.advanceTimersByTime(1_000);
    expect(fetched).toEqual(["/a", "/b", "/c", "/d", "/e"]);
  });
});

/** An element of the fake page; a link answers `closest("a[href]")` with itself. */
class FakeElement {
  constructor(readonly props: Record<string, unknown> = {}) {
    Object.assign(this, props);
  }
  closest(selector: string) {
    return selector === "a[href]" && this instanceof FakeAnchor ? this : null;
  }
  matches(selector: string) {
    return selector === ":focus-visible" ? this.props.focusVisible === true : this.props.markedOut === true;
  }
}
class FakeAnchor extends FakeElement {}

/** A page at https://x.test/blog in an engine with or without speculation rules, rel=prefetch and hover. */
function engine({ speculates = false, prefetches = true, hover = true, nextSheets = "" } = {}) {
  vi.stubGlobal("Element", FakeElement);
  vi.stubGlobal("HTMLAnchorElement", FakeAnchor);
  vi.stubGlobal("HTMLScriptElement", { supports: (type: string) => speculates && type === "speculationrules" });
  vi.stubGlobal("scheduler", { yield: async () => undefined });
  const fetches: unknown[][] = [];
  vi.stubGlobal("fetch", (...args: unknown[]) => {
    fetches.push(args);
    return Promise.reject(new Error("offline"));
  });
  const head: Record<string, unknown>[] = [];
  const doc = Object.assign(new EventTarget(), {
    URL: "https://x.test/blog",
    head: { append: (element: Record<string, unknown>) => head.push({ ...element }) },
    documentElement: { dataset: { nextSheets } },
    defaultView: Object.assign(new EventTarget(), {
      matchMedia: (query: string) => ({ matches: query === (hover ? "(hover: hover)" : "(hover: none)") }),
      IntersectionObserver: FakeObserver,
    }),
    createElement: (tag: string) => ({ tag, relList: { supports: (rel: string) => prefetches && rel === "prefetch" } }),
    querySelectorAll: () => [],
  });
  const link = (href: string, props: Record<string, unknown> = {}) => new FakeAnchor({ href, ...props });
  const at = (type: string, target: unknown) =>
    doc.dispatchEvent(Object.defineProperty(new Event(type), "target", { value: target }));
  const prefetched = () =>
    head.filter((element) => element.tag === "link" && element.rel === "prefetch").map((element) => element.href);
  return { doc: doc as unknown as Document, head, fetches, link, at, prefetched };
}

describe("fetching the next page ahead", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  test("with speculation rules, adds them and fetches only what keyboard focus reaches, once", () => {
    const { doc, head, link, at, prefetched } = engine({ speculates: true });
    fetchNextPages(doc, undefined);
    expect(head[0]).toMatchObject({ tag: "script", type: "speculationrules", textContent: SPECULATION_RULES });
    at("pointerdown", link("/pricing"));
    at("focusin", link("/about"));
    at("focusin", link("/contact#form", { focusVisible: true }));
    at("focusin", link("/contact", { focusVisible: true }));
    at("focusin", new FakeElement({ focusVisible: true }));
    vi.advanceTimersByTime(1000);
    expect(prefetched()).toEqual(["https://x.test/contact"]);
  });

  test("elsewhere, fetches a link the pointer rests on or presses, not one it passes over or one marked out", () => {
    const { doc, link, at, prefetched } = engine();
    fetchNextPages(doc, undefined);
    at("pointerover", link("/passed"));
    vi.advanceTimersByTime(79);
    at("pointerover", new FakeElement());
    vi.advanceTimersByTime(1000);
    at("pointerover", link("/rested"));
    vi.advanceTimersByTime(80);
    at("pointerdown", link("/pressed"));
    at("pointerdown", link("/file.pdf", { markedOut: true }));
    at("pointerdown", link("/blog"));
    at("pointerdown", null);
    expect(prefetched()).toEqual(["https://x.test/rested", "https://x.test/pressed"]);
  });

  test("where there is no rel=prefetch (WebKit), fetches into the cache, and again after a failure", async () => {
    const { doc, link, at, fetches, head } = engine({ prefetches: false });
    fetchNextPages(doc, undefined);
    at("pointerdown", link("/pricing"));
    expect(fetches).toEqual([["https://x.test/pricing", { credentials: "same-origin" }]]);
    await vi.advanceTimersByTimeAsync(0);
    at("pointerdown", link("/pricing"));
    expect(fetches).toHaveLength(2);
    expect(head).toEqual([]);
  });

  test("on Save-Data, fetches nothing and adds no rules", () => {
    const { doc, head, link, at, prefetched } = engine({ speculates: true });
    const forSwappedPage = fetchNextPages(doc, { saveData: true });
    at("focusin", link("/contact", { focusVisible: true }));
    expect(head).toEqual([]);
    expect(prefetched()).toEqual([]);
    expect(forSwappedPage()).toBeUndefined();
  });

  test("on a touch screen, watches the links in view once idle, for this page and each page swapped in", () => {
    const { doc, prefetched } = engine({ hover: false });
    const links = [new FakeAnchor({ href: "/pricing" }), new FakeAnchor({ href: "/blog" })];
    Object.assign(doc, { querySelectorAll: (selector: string) => (selector === "main a[href]" ? links : []) });
    const idle: (() => void)[] = [];
    const kept: string[] = [];
    FakeObserver.last = undefined;
    const forSwappedPage = fetchNextPages(
      doc,
      undefined,
      (run) => idle.push(run),
      (href) => kept.push(href) > 0,
    );
    expect(FakeObserver.last).toBeUndefined();
    idle[0]?.();
    const first = FakeObserver.last as FakeObserver | undefined;
    // The page kept for a tap is fetched by `keep`, not left to the HTTP cache; the page itself is not fetched.
    first?.scroll(links.map((link) => [link, true]));
    vi.advanceTimersByTime(1000);
    expect(kept).toEqual(["https://x.test/pricing"]);
    expect(prefetched()).toEqual([]);
    forSwappedPage();
    expect(FakeObserver.last).not.toBe(first);
    FakeObserver.last = undefined;
    fetchNextPages(doc, undefined);
    expect(FakeObserver.last).toBeDefined(); // without an idle callback, at once
  });

  test("where a pointer hovers, watches no links in view", () => {
    const { doc } = engine();
    const idle = vi.fn();
    FakeObserver.last = undefined;
    const forSwappedPage = fetchNextPages(doc, undefined, idle);
    forSwappedPage();
    expect(idle).not.toHaveBeenCalled();
    expect(FakeObserver.last).toBeUndefined();
  });
});

describe("fetching the sheets of the pages this one links to", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  const SHEETS = ["/a.css", "/b.css", "/c.css"];

  test("prefetches the sheets <html> names, as styles, and fetch()es them where there is no rel=prefetch", async () => {
    const { doc, head } = engine({ hover: false, nextSheets: "0 2 9" });
    await fetchPageSheets(doc, undefined, SHEETS);
    expect(head).toEqual([
      expect.objectContaining({ rel: "prefetch", as: "style", href: "/a.css" }),
      expect.objectContaining({ rel: "prefetch", as: "style", href: "/c.css" }),
    ]);
    const webkit = engine({ prefetches: false, nextSheets: "1" });
    await fetchPageSheets(webkit.doc, undefined, SHEETS);
    expect(webkit.fetches).toEqual([["/b.css"]]);
  });

  test("fetches none on Save-Data, none where a hover prerenders the page, and none that <html> does not name", async () => {
    const saving = engine({ nextSheets: "0" });
    await fetchPageSheets(saving.doc, { saveData: true }, SHEETS);
    const prerendering = engine({ speculates: true, nextSheets: "0" });
    await fetchPageSheets(prerendering.doc, undefined, SHEETS);
    const unnamed = engine({ hover: false, nextSheets: "" });
    await fetchPageSheets(unnamed.doc, undefined, SHEETS);
    await fetchPageSheets(unnamed.doc, undefined);
    expect([...saving.head, ...prerendering.head, ...unnamed.head, ...unnamed.fetches]).toEqual([]);
    // A finger gives no rest to prerender on, so a touch screen fetches them even with speculation rules.
    const touch = engine({ speculates: true, hover: false, nextSheets: "0" });
    await fetchPageSheets(touch.doc, undefined, SHEETS);
    expect(touch.prefetched()).toEqual(["/a.css"]);
  });
});
