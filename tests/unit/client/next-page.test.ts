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
function page() {
  const links = ["/a", "/b", "/c", "/d", "/e"].map((href) => ({ href }));
  const doc = {
    defaultView: { IntersectionObserver: FakeObserver },
    querySelectorAll: (selector: string) => (selector === "main a[href]" ? links : []),
  } as unknown as Document;
  const fetched: string[] = [];
  const fetchAhead = (link: Element) => {
    const { href } = link as unknown as { href: string };
    if (fetched.includes(href)) return false;
    fetched.push(href);
    return true;
  };
  fetchInView(doc, fetchAhead);
  const observer = FakeObserver.last;
  if (!observer) throw new Error("no IntersectionObserver was made");
  return { links, fetched, observer };
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
    defaultView: {
      matchMedia: (query: string) => ({ matches: query === (hover ? "(hover: hover)" : "(hover: none)") }),
      IntersectionObserver: FakeObserver,
    },
    createElement: (tag: string) => ({ tag, relList: { supports: (rel: string) => prefetches && rel === "prefetch" } }),
    querySelectorAll: () => [],
  });
  const link = (href: string, props: Record<string, unknown> = {}) => new FakeAnchor({ href, ...props });
  const at = (type: string, target: unknown) =>
    doc.dispatchEvent(Object.defineProperty(new Event(type), "target", { value: target }));
  const prefetched = () => head.filter((element) => element.rel === "prefetch").map((element) => element.href);
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
    const { doc } = engine({ hover: false });
    const idle: (() => void)[] = [];
    FakeObserver.last = undefined;
    const forSwappedPage = fetchNextPages(doc, undefined, (run) => idle.push(run));
    expect(FakeObserver.last).toBeUndefined();
    idle[0]?.();
    const first = FakeObserver.last;
    expect(first).toBeDefined();
    forSwappedPage();
    expect(FakeObserver.last).not.toBe(first);
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
    const touch = engine({ speculates: true, hover: false, nextSheets: "" });
    await fetchPageSheets(touch.doc, undefined, SHEETS);
    await fetchPageSheets(touch.doc, undefined);
    expect([...saving.head, ...prerendering.head, ...touch.head, ...touch.fetches]).toEqual([]);
  });
});
