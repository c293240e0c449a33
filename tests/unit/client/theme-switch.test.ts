import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { listenForItemLinks } from "../../../src/client/item-links.ts";
import { fireIslandEvent } from "../../../src/client/island-events.ts";
import { startThemeSwitch } from "../../../src/client/theme-switch.ts";

/**
 * The header's theme switch (src/client/theme-switch.ts) and the eager loader's other small listeners on a fake page:
 * <html> is an EventTarget holding the switch's three radio inputs and the two theme-color metas.
 */
class FakeInput extends EventTarget {
  checked = false;
  constructor(
    readonly value: string,
    readonly inSwitch = true,
  ) {
    super();
  }
  closest(selector: string) {
    return selector === ".theme-switch" && this.inSwitch ? {} : null;
  }
}

const window = new EventTarget();
/** An event as the browser hands it to a delegated listener: Node's Event has no setter for its target. */
const eventAt = (type: string, target: unknown) => Object.defineProperty(new Event(type), "target", { value: target });
let stored: Map<string, string>;

function fakeHtml() {
  const inputs = ["light", "dark", "system"].map((value) => new FakeInput(value));
  const metas = [{ media: "(prefers-color-scheme: light)" }, { media: "(prefers-color-scheme: dark)" }];
  const html = Object.assign(new EventTarget(), {
    dataset: {} as Record<string, string>,
    querySelectorAll: (selector: string) => (selector === "meta[name=theme-color]" ? metas : inputs),
  });
  startThemeSwitch(html as unknown as HTMLElement);
  const choose = (input: FakeInput) => html.dispatchEvent(eventAt("change", input));
  const checked = () => inputs.filter((input) => input.checked).map((input) => input.value);
  return { html, inputs, metas, choose, checked };
}

describe("the theme switch", () => {
  beforeEach(() => {
    stored = new Map();
    vi.stubGlobal("HTMLInputElement", FakeInput);
    vi.stubGlobal("addEventListener", window.addEventListener.bind(window));
    vi.stubGlobal("localStorage", {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
      removeItem: (key: string) => stored.delete(key),
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  test("shows the stored choice and gives the toolbar that theme's colour", () => {
    stored.set("theme", "dark");
    const { html, metas, checked } = fakeHtml();
    expect(html.dataset.theme).toBe("dark");
    expect(checked()).toEqual(["dark"]);
    expect(metas.map((meta) => meta.media)).toEqual(["not all", "all"]);
  });

  test("applies and keeps a new choice; 'system' forgets it and lets the toolbar follow the system again", () => {
    const { html, inputs, metas, choose } = fakeHtml();
    expect(html.dataset.theme).toBe("system");
    choose(inputs[0] as FakeInput);
    expect(html.dataset.theme).toBe("light");
    expect(stored.get("theme")).toBe("light");
    expect(metas.map((meta) => meta.media)).toEqual(["all", "not all"]);
    choose(inputs[2] as FakeInput);
    expect(stored.has("theme")).toBe(false);
    expect(metas.map((meta) => meta.media)).toEqual(["(prefers-color-scheme: light)", "(prefers-color-scheme: dark)"]);
  });

  test("ignores other inputs on the page, and keeps a choice for the page where storage is blocked", () => {
    const { html, choose } = fakeHtml();
    choose(new FakeInput("dark", false));
    expect(html.dataset.theme).toBe("system");
    vi.stubGlobal("localStorage", {
      setItem: () => {
        throw new Error("blocked");
      },
    });
    choose(new FakeInput("dark"));
    expect(html.dataset.theme).toBe("dark");
  });

  test("follows a choice made in another tab, and storage cleared there", () => {
    const { html, checked } = fakeHtml();
    stored.set("theme", "dark");
    window.dispatchEvent(Object.assign(new Event("storage"), { key: "other" }));
    expect(html.dataset.theme).toBe("system");
    window.dispatchEvent(Object.assign(new Event("storage"), { key: "theme" }));
    expect(html.dataset.theme).toBe("dark");
    expect(checked()).toEqual(["dark"]);
    stored.clear();
    window.dispatchEvent(Object.assign(new Event("storage"), { key: null }));
    expect(checked()).toEqual(["system"]);
  });
});

describe("the eager loader's listeners", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    globalThis.siteIslandEvents = undefined;
  });

  test("a marketplace buy link counts GA4's select_item with the product, other clicks count nothing", () => {
    const dataLayer: unknown[][] = [];
    vi.stubGlobal("window", { dataLayer: { push: (args: IArguments) => dataLayer.push([...args]) } });
    vi.stubGlobal("document", { documentElement: { dataset: { analyticsId: "G-TEST" } } });
    const page = new EventTarget();
    listenForItemLinks(page as unknown as Document);
    const link = { dataset: { itemId: "esim", itemName: "eSIM" } };
    const click = (closest: (selector: string) => unknown) => page.dispatchEvent(eventAt("click", { closest }));
    click((selector) => (selector === "a[data-item-id]" ? link : null));
    click(() => null);
    page.dispatchEvent(eventAt("click", null));
    page.dispatchEvent(new Event("click")); // on the document itself, which has no closest()
    click(() => ({ dataset: {} }));
    const item = (item_id: string, item_name: string) => ["event", "select_item", { items: [{ item_id, item_name }] }];
    expect(dataLayer).toEqual([item("esim", "eSIM"), item("", "")]);
    // A site without a measurement id counts nothing.
    vi.stubGlobal("document", { documentElement: { dataset: {} } });
    click((selector) => (selector === "a[data-item-id]" ? { dataset: {} } : null));
    expect(dataLayer).toHaveLength(2);
  });

  test("an island event wakes listeners and is remembered once for a loader that subscribes later", () => {
    const heard = vi.fn();
    vi.stubGlobal("dispatchEvent", window.dispatchEvent.bind(window));
    window.addEventListener("contact-open", heard);
    fireIslandEvent("contact-open");
    fireIslandEvent("contact-open");
    fireIslandEvent("whatsapp");
    vi.unstubAllGlobals(); // no window to dispatch on: the name is still recorded
    fireIslandEvent("newsletter");
    expect(heard).toHaveBeenCalledTimes(2);
    expect(globalThis.siteIslandEvents).toEqual(["contact-open", "whatsapp", "newsletter"]);
  });
});
