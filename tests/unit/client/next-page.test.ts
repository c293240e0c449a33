import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { fetchInView } from "../../../src/client/next-page.ts";

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
