import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { startExplorers } from "../../../src/client/explorer.ts";

/**
 * Home's product explorer (src/client/explorer.ts) on a fake page: the explorer is an EventTarget, the panel area
 * records what is put in it, fetch answers from a queue of promises the test settles.
 */
class FakeRadio {
  checked = true;
  constructor(
    readonly value: string,
    readonly type = "radio",
  ) {}
}

const PANELS = { esim: "<p>eSIM panel</p>", astroway: "<p>Astroway panel</p>" };

function fakeExplorer({ hover = true, saveData = false, url = "/explorer-panels.json" } = {}) {
  const fetches: string[] = [];
  const answers: ((response: Response) => void)[] = [];
  const fetch = vi.fn((input: string) => {
    fetches.push(input);
    return new Promise<Response>((resolve) => answers.push(resolve));
  });
  let nearScreen: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
  const watched: { target: unknown; options: unknown }[] = [];
  const IntersectionObserver = class {
    constructor(
      callback: typeof nearScreen,
      readonly options: unknown,
    ) {
      nearScreen = callback;
    }
    observe(target: unknown) {
      watched.push({ target, options: this.options });
    }
    disconnect() {
      nearScreen = undefined;
    }
  };
  vi.stubGlobal("fetch", fetch);
  vi.stubGlobal("navigator", { connection: { saveData } });
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: query === "(hover: hover)" && hover }));
  vi.stubGlobal("IntersectionObserver", IntersectionObserver);
  vi.stubGlobal("window", { IntersectionObserver });
  vi.stubGlobal("HTMLInputElement", FakeRadio);
  vi.stubGlobal("location", { assign: vi.fn() });
  vi.stubGlobal("document", {
    createElement: (tag: string) => ({
      innerHTML: "",
      get content() {
        return tag === "template" ? this.innerHTML : undefined;
      },
    }),
  });
  const panels = Object.assign(new EventTarget(), {
    shown: "<p>first panel</p>" as unknown,
    attributes: new Map<string, string>(),
    setAttribute(name: string, value: string) {
      this.attributes.set(name, value);
    },
    removeAttribute(name: string) {
      this.attributes.delete(name);
    },
    replaceChildren(content: unknown) {
      this.shown = content;
    },
  });
  const islandsAdded = vi.fn();
  panels.addEventListener("site:islands", islandsAdded);
  const explorer = Object.assign(new EventTarget(), {
    dataset: { panels: url },
    querySelector: (selector: string) => (selector === ".explorer__panels" ? panels : null),
  });
  const doc = {
    querySelectorAll: (selector: string) => (selector === ".explorer[data-panels]" ? [explorer] : []),
  } as unknown as Document;
  startExplorers(doc);
  const choose = (radio: FakeRadio) =>
    explorer.dispatchEvent(Object.defineProperty(new Event("change"), "target", { value: radio }));
  const answer = (body: unknown, status = 200) => answers.shift()?.(new Response(JSON.stringify(body), { status }));
  return { doc, explorer, panels, fetches, answer, choose, islandsAdded, watched, nearScreen: () => nearScreen };
}

/** Lets the fetch's answer and the listener's awaits run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the product explorer", () => {
  beforeEach(() => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  test("with a pointer, fetches every panel once as it reaches the list; a choice then shows its panel", async () => {
    const { explorer, panels, fetches, answer, choose, islandsAdded, doc } = fakeExplorer();
    startExplorers(doc); // the page module runs again for a page swapped in
    expect(fetches).toEqual([]);
    explorer.dispatchEvent(new Event("pointerover"));
    explorer.dispatchEvent(new Event("focusin"));
    expect(fetches).toEqual(["/explorer-panels.json"]);
    answer(PANELS);
    choose(new FakeRadio("astroway"));
    expect(panels.attributes.get("aria-busy")).toBe("true");
    await settle();
    expect(panels.shown).toBe("<p>Astroway panel</p>");
    expect(panels.attributes.has("aria-busy")).toBe(false);
    expect(islandsAdded).toHaveBeenCalledOnce();
    choose(new FakeRadio("esim"));
    await settle();
    expect(panels.shown).toBe("<p>eSIM panel</p>");
    expect(fetches).toHaveLength(1);
  });

  test("a failed fetch ahead is not tried again as the pointer moves; the choice tries again", async () => {
    const { explorer, fetches, answer, choose } = fakeExplorer();
    explorer.dispatchEvent(new Event("focusin"));
    answer({}, 500);
    await settle();
    explorer.dispatchEvent(new Event("pointerover"));
    explorer.dispatchEvent(new Event("focusin"));
    expect(fetches).toHaveLength(1);
    choose(new FakeRadio("esim"));
    expect(fetches).toHaveLength(2);
  });

  test("an explorer without its panel area or panels file is left alone", () => {
    const { explorer, fetches, choose } = fakeExplorer({ url: "" });
    explorer.dispatchEvent(new Event("pointerover"));
    choose(new FakeRadio("esim"));
    expect(fetches).toEqual([]);
  });

  test("on a touch screen, fetches the panels as the explorer nears the screen", () => {
    const { explorer, fetches, nearScreen, watched } = fakeExplorer({ hover: false });
    expect(watched).toEqual([{ target: explorer, options: { rootMargin: "50% 0px" } }]); // half a screen ahead
    nearScreen()?.([{ isIntersecting: false }]);
    expect(fetches).toEqual([]);
    nearScreen()?.([{ isIntersecting: false }, { isIntersecting: true }]);
    expect(fetches).toHaveLength(1);
    expect(nearScreen()).toBeUndefined();
  });

  test("on Save-Data, fetches nothing until a choice asks for it", async () => {
    const { explorer, fetches, answer, choose, panels, nearScreen } = fakeExplorer({ saveData: true });
    explorer.dispatchEvent(new Event("pointerover"));
    expect(nearScreen()).toBeUndefined();
    expect(fetches).toEqual([]);
    choose(new FakeRadio("esim"));
    expect(fetches).toHaveLength(1);
    answer(PANELS);
    await settle();
    expect(panels.shown).toBe("<p>eSIM panel</p>");
  });

  test("a later choice wins over a slower earlier one, and other inputs are not choices", async () => {
    const { panels, fetches, answer, choose, explorer, islandsAdded } = fakeExplorer({ saveData: true });
    explorer.dispatchEvent(Object.defineProperty(new Event("change"), "target", { value: { type: "radio" } }));
    choose(new FakeRadio("esim", "checkbox"));
    expect(fetches).toEqual([]);
    const first = new FakeRadio("esim");
    choose(first);
    first.checked = false;
    choose(new FakeRadio("astroway"));
    answer(PANELS);
    await settle();
    expect(panels.shown).toBe("<p>Astroway panel</p>");
    expect(islandsAdded).toHaveBeenCalledOnce(); // the first choice's panel was never put in
    choose(new FakeRadio("retired-product")); // a panel the file does not have leaves the shown one
    await settle();
    expect(panels.shown).toBe("<p>Astroway panel</p>");
    expect(fetches).toHaveLength(1);
  });

  test("when the panels cannot be fetched, opens the product's page; the next choice tries again", async () => {
    const { fetches, answer, choose, panels } = fakeExplorer({ saveData: true });
    choose(new FakeRadio("astroway"));
    answer({}, 503);
    await settle();
    expect(location.assign).toHaveBeenCalledWith("/products/astroway");
    expect(panels.shown).toBe("<p>first panel</p>");
    choose(new FakeRadio("esim"));
    expect(fetches).toHaveLength(2);
  });
});
