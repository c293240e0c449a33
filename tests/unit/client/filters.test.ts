import { afterEach, describe, expect, test, vi } from "vitest";
import { startFilters } from "../../../src/client/filters.ts";
import { formatShortDate } from "../../../src/lib/dates.ts";

/**
 * The filters with the page faked: each element is an EventTarget with the few properties and queries the script
 * uses, the queries answered from a table; location, history and the window's listeners are stubbed.
 */
class FakeElement extends EventTarget {
  dataset: Record<string, string | undefined> = {};
  hidden = false;
  className = "";
  textContent = "";
  name = "";
  value = "";
  defaultValue = "";
  form: FakeElement | null = null;
  children: FakeElement[] = [];
  attributes = new Map<string, string>();
  queries: Record<string, FakeElement | FakeElement[] | null> = {};
  ownerDocument: unknown;
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  getAttribute(name: string) {
    return this.attributes.get(name) ?? null;
  }
  hasChildNodes() {
    return this.children.length > 0;
  }
  querySelector(selector: string) {
    const found = this.queries[selector];
    return Array.isArray(found) ? (found[0] ?? null) : (found ?? null);
  }
  querySelectorAll(selector: string) {
    const found = this.queries[selector];
    return Array.isArray(found) ? found : found ? [found] : [];
  }
  click() {
    this.dispatchEvent(new Event("click"));
  }
  replaceChildren(...children: FakeElement[]) {
    this.children = children;
  }
}

const element = (fields: Partial<FakeElement> = {}) => Object.assign(new FakeElement(), fields);

/** A card searched by `data-search` and chosen by `data-category`. */
const card = (search: string, category: string) => element({ dataset: { search, category } });

function fakePage({ url = "https://x.test/blog", typed = "", index = false } = {}) {
  const cards = [
    card("Launch an astrology app", "Business"),
    card("Newsletter marketing", "Marketing"),
    card("Scaling the app", "Technology"),
  ];
  const list = element({ children: cards });
  const pager = element();
  const input = element({ name: "search", value: typed, form: element() });
  const buttons = ["", "Business", "Marketing", "Technology"].map((value) => element({ name: "category", value }));
  const status = element({ dataset: { emptyClass: "list-filter__empty" } });
  const root = element({
    dataset: {
      filter: "",
      filterList: "posts",
      statusMany: "{n} articles",
      statusOne: "{n} article",
      statusNone: "No articles found matching your criteria.",
      statusLoading: "Searching all articles…",
      ...(index ? { filterIndex: "/blog/posts.json", filterPager: "pages", filterFields: "title excerpt" } : {}),
    },
    queries: { "input[type=search]": input, "button[name]": buttons, "[role=status]": status },
  });
  const doc = {
    querySelectorAll: () => [root],
    getElementById: (id: string) => ({ posts: list, pages: pager })[id] ?? null,
  };
  root.ownerDocument = doc;

  const windowEvents = new EventTarget();
  const location = new URL(url);
  vi.stubGlobal("location", location);
  vi.stubGlobal("history", {
    state: null,
    replaceState: (_state: unknown, _title: string, next: string) => {
      location.href = new URL(next, location.href).href;
    },
  });
  vi.stubGlobal("addEventListener", windowEvents.addEventListener.bind(windowEvents));
  // The URL is written after the next frame: `href()` lets the frame and the timers run first.
  vi.useFakeTimers();
  vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => setTimeout(() => callback(0), 16));
  const href = () => {
    vi.runAllTimers();
    return location.href;
  };
  const navigate = (next: string) => {
    location.href = next;
    windowEvents.dispatchEvent(new Event("popstate"));
  };
  const type = (text: string) => {
    input.value = text;
    input.dispatchEvent(new Event("input"));
  };
  const shown = () => cards.filter((c) => !c.hidden).map((c) => c.dataset.search);
  const pressed = () => buttons.filter((b) => b.attributes.get("aria-pressed") === "true").map((b) => b.value);
  return {
    start: (signal?: AbortSignal) => startFilters(doc as unknown as ParentNode, signal),
    filterRoot: root,
    cards,
    list,
    pager,
    input,
    buttons,
    status,
    location,
    href,
    navigate,
    type,
    shown,
    pressed,
  };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("startFilters", () => {
  test("should filter the cards on the first keystroke and keep the term in the URL", () => {
    const page = fakePage();
    page.start();
    expect(page.shown()).toHaveLength(3);
    page.type("APP");
    expect(page.shown()).toEqual(["Launch an astrology app", "Scaling the app"]);
    expect(page.location.href, "the URL waits for the frame").toBe("https://x.test/blog");
    expect(page.href()).toBe("https://x.test/blog?search=APP");
    expect(page.status.textContent).toBe("2 articles");
    expect(page.status.className).toBe("visually-hidden");
  });

  test("should filter on a tap of a choice, mark it pressed, and say when nothing matches", () => {
    const page = fakePage();
    page.start();
    expect(page.pressed()).toEqual([""]);
    page.type("app");
    page.buttons[2]?.click();
    expect(page.pressed()).toEqual(["Marketing"]);
    expect(page.shown()).toEqual([]);
    expect(page.status.textContent).toBe("No articles found matching your criteria.");
    expect(page.status.className).toBe("list-filter__empty");
    expect(page.href()).toBe("https://x.test/blog?search=app&category=Marketing");
  });

  test("should bring every card back and the plain address with All and an empty search", () => {
    const page = fakePage({ url: "https://x.test/blog?search=app&category=Business" });
    page.start();
    page.buttons[0]?.click();
    page.type("");
    expect(page.shown()).toHaveLength(3);
    expect(page.href()).toBe("https://x.test/blog");
  });

  test("should open a shared link already filtered, with the search box and the buttons showing it", () => {
    const page = fakePage({ url: "https://x.test/blog?search=app&category=Technology" });
    page.start();
    expect(page.input.value).toBe("app");
    expect(page.pressed()).toEqual(["Technology"]);
    expect(page.shown()).toEqual(["Scaling the app"]);
    expect(page.status.textContent).toBe("1 article");
  });

  test("should keep what was typed before the script ran, over the URL, and write it to the URL", () => {
    const page = fakePage({ url: "https://x.test/blog?search=old", typed: "news" });
    page.start();
    expect(page.input.value).toBe("news");
    expect(page.shown()).toEqual(["Newsletter marketing"]);
    expect(page.href()).toBe("https://x.test/blog?search=news");
  });

  test("should follow the URL when the visitor goes back or forth", () => {
    const page = fakePage();
    page.start();
    page.navigate("https://x.test/blog?category=Business");
    expect(page.pressed()).toEqual(["Business"]);
    expect(page.shown()).toEqual(["Launch an astrology app"]);
    expect(page.input.value).toBe("");
  });

  test("should stop following the URL once its page is swapped out", () => {
    const page = fakePage();
    const swap = new AbortController();
    page.start(swap.signal);
    swap.abort();
    page.navigate("https://x.test/blog?category=Business");
    expect(page.shown()).toHaveLength(3);
  });

  test("should filter by the buttons alone where the filter has no search box", () => {
    const page = fakePage({ url: "https://x.test/blog?search=app" });
    page.filterRoot.queries["input[type=search]"] = null;
    page.start();
    expect(page.shown()).toHaveLength(3); // no search box: the URL's search is not a filter here
    page.buttons[1]?.click();
    expect(page.shown()).toEqual(["Launch an astrology app"]);
  });

  test("should stop a search submit from reloading the page", () => {
    const page = fakePage();
    page.start();
    const submit = new Event("submit", { cancelable: true });
    page.input.form?.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
  });

  test("should search by the text of the card's search fields when it has no data-search", () => {
    const page = fakePage();
    const first = page.cards[0];
    if (!first) throw new Error("no card");
    first.dataset = { category: "Business" };
    first.queries["[data-search-field]"] = [element({ textContent: "Pricing" }), element({ textContent: "A guide" })];
    page.start();
    page.type("guide");
    expect(page.shown()).toEqual([undefined]);
  });

  test("on a list of several pages, should filter this page's cards before the index arrives, fetch it once, and fall back to them if it fails", async () => {
    let fail: (reason: Error) => void = () => {};
    const fetch = vi.fn(() => new Promise<Response>((_resolve, reject) => (fail = reject)));
    vi.spyOn(console, "error").mockImplementation(() => {});
    const page = fakePage({ index: true });
    vi.stubGlobal("fetch", fetch);
    page.start();
    expect(fetch).not.toHaveBeenCalled();
    page.type("   ");
    expect(page.status.textContent).toBe("3 articles"); // spaces are no search: nothing to fetch
    page.type("a");
    page.type("ap");
    expect(page.shown()).toEqual(["Launch an astrology app", "Scaling the app"]);
    expect(page.status.textContent).toBe("Searching all articles…");
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledWith("/blog/posts.json"));
    page.type("app");
    expect(fetch).toHaveBeenCalledTimes(1);
    fail(new Error("offline"));
    await vi.waitFor(() => expect(page.status.textContent).toBe("2 articles"));
    expect(page.list.hidden).toBe(false);
    expect(page.pager.hidden).toBe(false);
  });

  test("on a list of several pages, should show every matching entry of the index as a card of the template", async () => {
    vi.stubGlobal("Node", { TEXT_NODE: 3 });
    vi.stubGlobal("NodeFilter", { SHOW_ELEMENT: 1, SHOW_TEXT: 4 });
    /** The template's card: a link to {{slug}} holding {{title}} and a <time> of {{date}}. */
    const cardTemplate = () => {
      const title = { nodeType: 3, nodeValue: "{{title}} <b>" };
      const time = Object.assign(element(), { nodeType: 1, attributes: [{ value: "{{date}}" }] });
      Object.defineProperty(time, "dateTime", { get: () => time.attributes[0]?.value });
      const card = Object.assign(element(), { nodeType: 1, attributes: [{ value: "/blog/{{slug}}" }], title, time });
      const nodes = [title, time];
      card.ownerDocument = { createTreeWalker: () => ({ nextNode: () => nodes.shift() ?? null }) };
      card.queries.time = time;
      return card;
    };
    const page = fakePage({ index: true });
    const results = element({ hidden: true });
    const entries = [
      { title: "Pricing an app", excerpt: "", slug: "pricing", date: "2026-01-05", category: "Business" },
      { title: "Hiring", excerpt: "A team for the app", slug: "hiring", date: "2026-02-01", category: "Business" },
      { title: "Hiring", excerpt: "A team", slug: "team", date: "2026-03-01", category: "Business" },
    ];
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify(entries)));
    page.filterRoot.queries["[data-filter-results]"] = results;
    page.filterRoot.queries.template = { content: { firstElementChild: { cloneNode: cardTemplate } } } as never;
    page.start();
    page.type("app");
    await vi.waitFor(() => expect(page.status.textContent).toBe("2 articles"));
    expect(results.hidden).toBe(false);
    expect([page.list.hidden, page.pager.hidden]).toEqual([true, true]);
    const shown = results.children as unknown as ReturnType<typeof cardTemplate>[];
    expect(shown.map((card) => [card.attributes[0]?.value, card.title.nodeValue, card.time.textContent])).toEqual([
      ["/blog/pricing", "Pricing an app <b>", formatShortDate("2026-01-05")],
      ["/blog/hiring", "Hiring <b>", formatShortDate("2026-02-01")],
    ]);
    page.type("");
    expect([page.list.hidden, page.pager.hidden, results.hidden]).toEqual([false, false, true]);
    expect(page.status.textContent).toBe("3 articles");
  });
});
