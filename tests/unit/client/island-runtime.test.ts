import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, test, vi } from "vitest";
import {
  FAILED_EVENT,
  HYDRATED_EVENT,
  hydrateIsland,
  presetFromUrl,
  type RuntimeEnv,
  startIslands,
} from "../../../src/client/island-runtime.ts";
import { Island, IslandScope, setIslandManifest } from "../../../src/lib/island-wrapper.tsx";

/**
 * The island runtime with the page faked: an island is an EventTarget with the few element methods the runtime uses,
 * and events are dispatched on it directly with the target they would have had in a page.
 */
class FakeNode extends EventTarget {
  dataset: Record<string, string> = {};
  hidden = false;
  attributes = new Set<string>();
  parent: FakeNode | undefined;
  constructor(
    readonly selector: string,
    readonly textContent = "",
  ) {
    super();
  }
  setAttribute(name: string) {
    this.attributes.add(name);
  }
  hasAttribute(name: string) {
    return this.attributes.has(name);
  }
  contains(node: FakeNode) {
    for (let at: FakeNode | undefined = node; at; at = at.parent) if (at === this) return true;
    return false;
  }
  /** `selector` lists what the node matches, space-separated ("button [commandfor]"). */
  matches(selector: string) {
    const kinds = selector.split(",").map((s) => s.trim());
    return this.selector.split(" ").some((kind) => kinds.includes(kind));
  }
  closest(selector: string): FakeNode | null {
    for (let at: FakeNode | undefined = this; at; at = at.parent) if (at.matches(selector)) return at;
    return null;
  }
  click = vi.fn();
  requestSubmit = vi.fn();
  scrollIntoView = vi.fn();
}

class FakeIsland extends FakeNode {
  root = new FakeNode("island-root");
  props: FakeNode;
  fallback = new FakeNode("p");
  constructor(hydrate: string, props = "{}") {
    super("site-island");
    this.dataset = { island: "buy-control", src: "/assets/buy-control.js", hydrate, prefix: "buy-control-1-" };
    this.props = new FakeNode("script", props);
    this.fallback.hidden = true;
    for (const child of [this.root, this.props, this.fallback]) child.parent = this;
  }
  add(selector: string): FakeNode {
    const node = new FakeNode(selector);
    node.parent = this.root;
    return node;
  }
  querySelector(selector: string) {
    if (selector === ":scope > island-root") return this.root;
    if (selector.startsWith(":scope > script")) return this.props;
    if (selector === "[data-island-fallback]") return this.fallback;
    return null;
  }
  querySelectorAll() {
    return [this.fallback];
  }
}

/** Dispatches a cancelable event on the island as if it had bubbled up from `target`. */
function fire(island: FakeIsland, type: string, target: FakeNode, extra: Record<string, unknown> = {}): Event {
  const event = new Event(type, { cancelable: true });
  Object.defineProperty(event, "target", { value: target });
  for (const [key, value] of Object.entries(extra)) Object.defineProperty(event, key, { value });
  island.dispatchEvent(event);
  return event;
}

function fakeEnv(overrides: Partial<RuntimeEnv> = {}) {
  const events = new EventTarget();
  return {
    load: vi.fn(async () => ({ default: vi.fn(async () => {}) })),
    events,
    fired: () => false,
    search: "",
    stored: () => false,
    whenIdle: () => {},
    whenVisible: () => {},
    whenMedia: () => {},
    log: vi.fn(),
    ...overrides,
  } satisfies RuntimeEnv;
}

const start = (island: FakeIsland, env: RuntimeEnv) => startIslands([island as unknown as HTMLElement], env);
const settled = (island: FakeIsland) =>
  new Promise<string>((resolve) => {
    island.addEventListener(HYDRATED_EVENT, () => resolve("hydrated"));
    island.addEventListener(FAILED_EVENT, () => resolve("failed"));
  });

describe("a click before the island is awake", () => {
  test("is held, wakes the island, and is replayed on the button once it is awake", async () => {
    const island = new FakeIsland("interaction");
    const env = fakeEnv();
    start(island, env);
    const button = island.add("button");
    const done = settled(island);
    const click = fire(island, "click", button);
    expect(click.defaultPrevented).toBe(true);
    expect(env.load).toHaveBeenCalledWith("/assets/buy-control.js");
    expect(await done).toBe("hydrated");
    expect(island.hasAttribute("data-hydrated")).toBe(true);
    expect(button.click).toHaveBeenCalledTimes(1);
  });

  test("is released to the control when the island's chunk fails to load, and the fallback notice shows", async () => {
    const island = new FakeIsland("interaction");
    const env = fakeEnv({ load: vi.fn(async () => Promise.reject(new Error("net::ERR_FAILED"))) });
    start(island, env);
    const button = island.add("button");
    const done = settled(island);
    fire(island, "click", button);
    expect(await done).toBe("failed");
    expect(button.click).toHaveBeenCalledTimes(1);
    expect(island.hasAttribute("data-failed")).toBe(true);
    expect(island.fallback.hidden).toBe(false);
    expect(env.log).toHaveBeenCalledWith("[island buy-control]", expect.any(Error));
    // Released means the control is no longer held: a later click goes through untouched.
    expect(fire(island, "click", button).defaultPrevented).toBe(false);
  });

  test("on a plain link is never held", () => {
    const island = new FakeIsland("interaction");
    start(island, fakeEnv());
    expect(fire(island, "click", island.add("a")).defaultPrevented).toBe(false);
  });

  test("on a button the platform answers (a dialog's close command, a popover toggle) is never held, yet wakes the island", () => {
    for (const kind of ["[commandfor]", "[popovertarget]"]) {
      const island = new FakeIsland("click");
      const env = fakeEnv();
      start(island, env);
      const button = island.add(`button ${kind}`);
      expect(fire(island, "click", button).defaultPrevented).toBe(false);
      expect(env.load).toHaveBeenCalledTimes(1);
    }
  });
});

describe("prefetch", () => {
  /** An env whose idle, visibility and opener callbacks run when the test says. */
  function prefetchEnv(overrides: Partial<RuntimeEnv> = {}) {
    const idle: (() => void)[] = [];
    const onScreen: (() => void)[] = [];
    const reached: (() => void)[] = [];
    const present: (() => void)[] = [];
    const prefetch = vi.fn();
    const env = fakeEnv({
      prefetch,
      whenIdle: (wake) => idle.push(wake),
      whenVisible: (_el, wake) => onScreen.push(wake),
      whenOpenerReached: (_dialog, wake) => reached.push(wake),
      whenPresent: (wake) => present.push(wake),
      ...overrides,
    });
    const run = (callbacks: (() => void)[]) => {
      for (const wake of callbacks.splice(0)) wake();
    };
    const fetched = () => prefetch.mock.calls.map(([url]) => url);
    return {
      env,
      fetched,
      idle: () => run(idle),
      present: () => run(present),
      onScreen: () => run(onScreen),
      reached: () => run(reached),
    };
  }
  const inDialog = (island: FakeIsland) => {
    island.parent = new FakeNode("dialog");
    return island;
  };

  test("should fetch a form's code, each URL once, when the page is idle, someone is there and the form on screen, and run none of it", () => {
    const page = prefetchEnv();
    const first = new FakeIsland("interaction");
    const second = new FakeIsland("interaction");
    const plain = new FakeIsland("interaction");
    first.dataset.prefetch = "/assets/contact-form.js /assets/chunks/react.js";
    second.dataset.prefetch = "/assets/installation-form.js /assets/chunks/react.js";
    startIslands([first, second, plain] as unknown as HTMLElement[], page.env);
    page.onScreen();
    expect(page.fetched()).toEqual([]); // on screen before idle: nothing yet
    page.idle();
    page.onScreen();
    expect(page.fetched()).toEqual([]); // idle, nobody there yet
    page.present();
    expect(page.fetched()).toEqual([]); // someone there, the form not yet on screen
    page.onScreen();
    expect(page.fetched()).toEqual([
      "/assets/contact-form.js",
      "/assets/chunks/react.js",
      "/assets/installation-form.js",
    ]);
    expect(page.env.load).not.toHaveBeenCalled();
  });

  test("should fetch a dialog's island only once the visitor reaches for a control that opens it, never for the page being idle", () => {
    const page = prefetchEnv();
    const search = inDialog(new FakeIsland("interaction"));
    search.dataset.prefetch = "/assets/site-search.js";
    start(search, page.env);
    page.idle();
    page.present();
    page.onScreen();
    expect(page.fetched()).toEqual([]);
    page.reached();
    expect(page.fetched()).toEqual(["/assets/site-search.js"]);
  });

  test("should fetch nothing for an island that woke first: it is loading its code already", () => {
    const page = prefetchEnv();
    const woken = new FakeIsland("interaction");
    woken.dataset.prefetch = "/assets/contact-form.js";
    start(woken, page.env);
    page.idle();
    woken.dispatchEvent(new Event("focusin"));
    page.present();
    page.onScreen();
    expect(page.fetched()).toEqual([]);
    expect(page.env.load).toHaveBeenCalledTimes(1);
  });

  test("should fetch nothing ahead with Save-Data or on a 2g connection, and fetch on others or where the engine does not say", () => {
    for (const [connection, fetches] of [
      [{ saveData: true, effectiveType: "4g" }, false],
      [{ effectiveType: "2g" }, false],
      [{ effectiveType: "slow-2g" }, false],
      [{ saveData: false, effectiveType: "3g" }, true],
      [undefined, true],
    ] as const) {
      const page = prefetchEnv({ connection: () => connection });
      const form = new FakeIsland("interaction");
      form.dataset.prefetch = "/assets/contact-form.js";
      start(form, page.env);
      page.idle();
      page.present();
      page.onScreen();
      expect(page.fetched(), JSON.stringify(connection)).toEqual(fetches ? ["/assets/contact-form.js"] : []);
    }
  });
});

describe("a submit before the island is awake", () => {
  test("is held and submitted again, with its submitter, once the island is awake", async () => {
    const island = new FakeIsland("visible");
    start(island, fakeEnv());
    const form = island.add("form");
    const submitter = island.add("button");
    const done = settled(island);
    expect(fire(island, "submit", form, { submitter }).defaultPrevented).toBe(true);
    await done;
    expect(form.requestSubmit).toHaveBeenCalledWith(submitter);
  });

  test("of a form without an action stays blocked when the island fails, so nothing typed lands in the URL", async () => {
    const island = new FakeIsland("interaction");
    start(island, fakeEnv({ load: async () => ({}) }));
    const form = island.add("form");
    const done = settled(island);
    fire(island, "submit", form, { submitter: null });
    expect(await done).toBe("failed");
    expect(form.requestSubmit).not.toHaveBeenCalled();
    expect(fire(island, "submit", form, { submitter: null }).defaultPrevented).toBe(true);
    expect(island.fallback.scrollIntoView).toHaveBeenCalled();
  });
});

describe("the event trigger", () => {
  test("wakes for an event the page fired before the loader subscribed", () => {
    const env = fakeEnv({ fired: (name) => name === "site:toast" });
    start(new FakeIsland("event:site:toast"), env);
    expect(env.load).toHaveBeenCalledTimes(1);
  });

  test("wakes once when the event fires later", () => {
    const env = fakeEnv();
    start(new FakeIsland("event:site:toast"), env);
    expect(env.load).not.toHaveBeenCalled();
    env.events.dispatchEvent(new Event("site:toast"));
    env.events.dispatchEvent(new Event("site:toast"));
    expect(env.load).toHaveBeenCalledTimes(1);
  });
});

describe("the interaction trigger", () => {
  test("wakes on a mouse reaching for it or focus entering it, not on a finger's touch (the tap's click wakes it)", () => {
    for (const [type, pointerType, wakes] of [
      ["pointerover", "mouse", true],
      ["focusin", undefined, true],
      ["pointerover", "touch", false],
      ["touchstart", undefined, false],
    ] as const) {
      const island = new FakeIsland("interaction");
      const env = fakeEnv();
      start(island, env);
      const event = new Event(type);
      if (pointerType) Object.defineProperty(event, "pointerType", { value: pointerType });
      island.dispatchEvent(event);
      expect(vi.mocked(env.load).mock.calls.length, `${type} ${pointerType ?? ""}`).toBe(wakes ? 1 : 0);
    }
  });
});

describe("the query and stored triggers", () => {
  test("wake at once for state in the URL or a stored choice, and otherwise wait for the visitor to reach for it", () => {
    const woken = (hydrate: string, env: RuntimeEnv, reach = false) => {
      const island = new FakeIsland(hydrate);
      start(island, env);
      if (reach) island.dispatchEvent(new Event("focusin"));
      return vi.mocked(env.load).mock.calls.length;
    };
    expect(woken("query:search,category", fakeEnv({ search: "?category=Business" }))).toBe(1);
    expect(woken("query:search,category", fakeEnv({ search: "?page=2" }))).toBe(0);
    expect(woken("query:search,category", fakeEnv({ search: "?page=2" }), true)).toBe(1);
    expect(woken("stored:currency", fakeEnv({ stored: (key) => key === "currency" }))).toBe(1);
    expect(woken("stored:currency", fakeEnv())).toBe(0);
    expect(woken("stored:currency", fakeEnv(), true)).toBe(1);
  });
});

describe("the click trigger", () => {
  test("ignores hover, focus and touch, then wakes on a click and replays it on the control", async () => {
    const island = new FakeIsland("click");
    const env = fakeEnv();
    start(island, env);
    const button = island.add("button");
    for (const type of ["pointerover", "focusin", "touchstart"]) fire(island, type, button);
    expect(env.load).not.toHaveBeenCalled();
    const done = settled(island);
    fire(island, "click", button);
    expect(env.load).toHaveBeenCalledTimes(1);
    expect(await done).toBe("hydrated");
    expect(button.click).toHaveBeenCalledTimes(1);
  });
});

describe("what the island holds, and when it lets go", () => {
  test.each(["summary", "[role='button']", "input[type='submit']", "input[type='button']", "input[type='image']"])(
    "holds a click on %s, kept from the page's own listeners, and replays only the latest one",
    async (kind) => {
      const island = new FakeIsland("click");
      start(island, fakeEnv());
      const first = island.add("button");
      const control = island.add(kind);
      const done = settled(island);
      fire(island, "click", first);
      const click = fire(island, "click", control);
      expect([click.defaultPrevented, click.cancelBubble]).toEqual([true, true]);
      await done;
      expect([first.click.mock.calls.length, control.click.mock.calls.length]).toEqual([0, 1]);
    },
  );

  test("holds nothing outside the island, and nothing once it is awake: its clicks and submits are then its own", async () => {
    const island = new FakeIsland("visible");
    const env = fakeEnv();
    start(island, env);
    const outside = new FakeNode("button");
    expect(fire(island, "click", outside).defaultPrevented).toBe(false);
    expect(env.load).toHaveBeenCalledTimes(1); // a click anywhere in it wakes it all the same
    await settled(island);
    const form = island.add("form");
    expect(fire(island, "click", island.add("button")).defaultPrevented).toBe(false);
    expect(fire(island, "submit", form, { submitter: null }).defaultPrevented).toBe(false);
    expect(form.requestSubmit).not.toHaveBeenCalled();
  });

  test("a held submit, kept from the page's listeners, of a form with an action goes to it natively if the island fails", async () => {
    const island = new FakeIsland("interaction");
    start(island, fakeEnv({ load: async () => ({}) }));
    const form = island.add("form");
    form.setAttribute("action");
    const done = settled(island);
    const submit = fire(island, "submit", form, { submitter: null });
    expect([submit.defaultPrevented, submit.cancelBubble]).toEqual([true, true]);
    expect(await done).toBe("failed");
    expect(form.requestSubmit).toHaveBeenCalledWith(null);
    expect(fire(island, "submit", form, { submitter: null }).defaultPrevented).toBe(false);
    expect(island.fallback.scrollIntoView).not.toHaveBeenCalled();
  });

  test("a second submit to a failed form without an action shows the fallback notice nearby", async () => {
    const island = new FakeIsland("interaction");
    start(island, fakeEnv({ load: async () => ({}) }));
    const done = settled(island);
    island.dispatchEvent(new Event("focusin"));
    await done;
    fire(island, "submit", island.add("form"), { submitter: null });
    expect(island.fallback.scrollIntoView).toHaveBeenCalledWith({ block: "nearest" });
  });
});

describe("an island's trigger", () => {
  test.each([
    ["no trigger named: when visible", undefined, "whenVisible", "the island"],
    ["an unknown trigger: when visible", "someday", "whenVisible", "the island"],
    ["a media query, colons and all", "media:(min-width: 48rem)", "whenMedia", "(min-width: 48rem)"],
  ])("%s", (_case, hydrate, hook, waitsFor) => {
    const island = new FakeIsland(hydrate ?? "");
    if (hydrate === undefined) delete island.dataset.hydrate;
    const waits: [unknown, () => void][] = [];
    const env = fakeEnv({ [hook]: (what: unknown, wake: () => void) => waits.push([what, wake]) });
    start(island, env);
    expect(waits.map(([what]) => (what === island ? "the island" : what))).toEqual([waitsFor]);
    expect(env.load).not.toHaveBeenCalled();
    waits[0]?.[1]();
    expect(env.load).toHaveBeenCalledTimes(1);
  });

  test("load wakes at once; an event trigger stops waiting when the page is swapped out", () => {
    const env = fakeEnv();
    start(new FakeIsland("load"), env);
    expect(env.load).toHaveBeenCalledTimes(1);
    const life = new AbortController();
    const swapped = fakeEnv({ signal: life.signal });
    start(new FakeIsland("event:site:toast"), swapped);
    life.abort();
    swapped.events.dispatchEvent(new Event("site:toast"));
    expect(swapped.load).not.toHaveBeenCalled();
  });
});

describe("hydrateIsland, when it cannot mount", () => {
  const failure = async (island: FakeIsland, env = fakeEnv()) => {
    await hydrateIsland(island as unknown as HTMLElement, env);
    return [
      island.hasAttribute("data-failed"),
      island.fallback.hidden,
      String(vi.mocked(env.log).mock.calls[0]?.[0]),
      String(vi.mocked(env.log).mock.calls[0]?.[1]),
    ];
  };
  test.each([
    [
      "its root is missing",
      (island: FakeIsland) => Object.assign(island, { root: null }),
      "island markup is incomplete",
    ],
    ["its chunk is not named", (island: FakeIsland) => delete island.dataset.src, "island markup is incomplete"],
    ["its props are not JSON", (island: FakeIsland) => (island.props = new FakeNode("script", "{")), "SyntaxError"],
  ])("marks it failed and shows its fallback when %s", async (_case, breakIt, error) => {
    const island = new FakeIsland("load");
    breakIt(island);
    const [failed, hidden, where, logged] = await failure(island);
    expect([failed, hidden, where]).toEqual([true, false, "[island buy-control]"]);
    expect(logged).toContain(error);
  });

  test("names the chunk without a mount function, and an island without a name", async () => {
    const island = new FakeIsland("load");
    delete island.dataset.island;
    const [, , where, logged] = await failure(island, fakeEnv({ load: async () => ({ default: "not a function" }) }));
    expect([where, logged]).toEqual(["[island ?]", "Error: /assets/buy-control.js has no default export to mount"]);
  });

  test("mounts a client-only island without an id prefix when it has none", async () => {
    const island = new FakeIsland("load");
    island.dataset = { island: "search", src: "/assets/search.js", clientOnly: "" };
    const mount = vi.fn(async () => {});
    await hydrateIsland(island as unknown as HTMLElement, fakeEnv({ load: async () => ({ default: mount }) }));
    expect(mount).toHaveBeenCalledWith(island.root, {}, { prefix: "", clientOnly: true });
  });
});

describe("hydrateIsland", () => {
  test("passes the props and the id prefix, and marks the island awake only after the mount resolved", async () => {
    const island = new FakeIsland("load", '{"productId":"esim"}');
    let commit: () => void = () => {};
    const mount = vi.fn(() => new Promise<void>((resolve) => (commit = resolve)));
    const hydrating = hydrateIsland(
      island as unknown as HTMLElement,
      fakeEnv({ load: async () => ({ default: mount }) }),
    );
    await vi.waitFor(() => expect(mount).toHaveBeenCalled());
    expect(mount).toHaveBeenCalledWith(
      island.root,
      { productId: "esim" },
      { prefix: "buy-control-1-", clientOnly: false },
    );
    expect(island.hasAttribute("data-hydrated")).toBe(false);
    commit();
    await hydrating;
    expect(island.hasAttribute("data-hydrated")).toBe(true);
  });
});

describe("presetFromUrl", () => {
  const select = (value: string, options: string[]) => {
    const el = {
      dataset: { urlParam: "package" },
      value,
      options: options.map((v, i) => ({ value: v, defaultSelected: i === 0 })),
    };
    return el;
  };
  const page = (...selects: ReturnType<typeof select>[]) =>
    ({ querySelectorAll: () => selects }) as unknown as ParentNode;

  test("chooses the option the URL names in a select the visitor has not changed", () => {
    const untouched = select("", ["", "basic", "android"]);
    presetFromUrl(page(untouched), "?package=android");
    expect(untouched.value).toBe("android");
  });

  test("leaves a select the visitor (or the browser restoring the page) already chose, and unknown values", () => {
    const chosen = select("basic", ["", "basic", "android"]);
    const unknown = select("", ["", "basic"]);
    presetFromUrl(page(chosen, unknown), "?package=android");
    expect(chosen.value).toBe("basic");
    expect(unknown.value).toBe("");
  });
});

describe("island id prefixes", () => {
  function Widget() {
    return createElement("span", null, "widget");
  }
  function Other() {
    return createElement("span", null, "other");
  }
  setIslandManifest({
    chunks: new Map([
      ["widget", "/assets/widget.js"],
      ["other", "/assets/other.js"],
    ]),
    ids: new Map([
      [Widget, "widget"],
      [Other, "other"],
    ]),
  });
  const island = (of: () => ReactNode, key: string) =>
    createElement(Island<Record<string, never>>, { of, props: {}, key });
  const render = (...islands: ReturnType<typeof island>[]) =>
    renderToString(createElement(IslandScope, null, ...islands));
  const prefixes = (html: string) => [...html.matchAll(/data-prefix="([^"]+)"/g)].map((m) => m[1]);

  test("count per page and per island, so an island added to one page changes no other page", () => {
    const first = render(island(Other, "a"), island(Widget, "b"), island(Widget, "c"));
    expect(prefixes(first)).toEqual(["other-1-", "widget-1-", "widget-2-"]);
    const second = render(island(Widget, "a"));
    expect(prefixes(second)).toEqual(["widget-1-"]);
    expect(render(island(Widget, "a"))).toBe(second);
  });
});
