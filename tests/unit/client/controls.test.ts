import { afterEach, describe, expect, test, vi } from "vitest";
import { enhanceControls, startControls } from "../../../src/client/controls.ts";
import { FakeDialog, FakeDocument, FakeElement, h } from "./fake-dom.ts";

/**
 * The platform controls (src/client/controls.ts) on a fake page (./fake-dom.ts): what a visitor sees change when they
 * click, press keys or hover, and what the engine would have done by itself stays the engine's.
 */
const stored = new Map<string, string>();
const mediaChanges = new Map<string, (event: { matches: boolean }) => void>();

function page(content: FakeElement[], { nativeCommands = false, storage = true } = {}) {
  const doc = new FakeDocument(...content);
  vi.stubGlobal("Element", FakeElement);
  vi.stubGlobal("HTMLElement", FakeElement);
  vi.stubGlobal("HTMLDialogElement", FakeDialog);
  vi.stubGlobal("HTMLButtonElement", { prototype: nativeCommands ? { command: "" } : {} });
  vi.stubGlobal("CSS", { escape: (text: string) => text });
  vi.stubGlobal("document", doc);
  vi.stubGlobal("matchMedia", (query: string) => ({
    addEventListener: (_: string, listener: (event: { matches: boolean }) => void) => mediaChanges.set(query, listener),
  }));
  const blocked = () => {
    throw new Error("storage blocked");
  };
  vi.stubGlobal("localStorage", {
    getItem: storage ? (key: string) => stored.get(key) ?? null : blocked,
    setItem: storage ? (key: string, value: string) => stored.set(key, value) : blocked,
  });
  startControls(doc as unknown as Document);
  const $ = (id: string) => {
    const el = doc.getElementById(id);
    if (!el) throw new Error(`no #${id}`);
    return el;
  };
  return { doc, $, click: (target: FakeElement, extra = {}) => doc.fire("click", target, { button: 0, ...extra }) };
}

afterEach(() => {
  vi.unstubAllGlobals();
  stored.clear();
  mediaChanges.clear();
});

describe("a modal dialog", () => {
  const dialogPage = (options = {}) =>
    page(
      [
        h("button", { id: "open", commandfor: "d", command: "show-modal" }),
        h(
          "dialog",
          { id: "d" },
          h("input", { id: "search", type: "search" }),
          h("button", { id: "shut", commandfor: "d", command: "close" }),
        ),
        h("button", { id: "elsewhere" }),
      ],
      options,
    );

  test("opens and closes by its buttons where the engine lacks invoker commands, and is left to an engine that has them", () => {
    const { $, click } = dialogPage();
    const dialog = $("d") as FakeDialog;
    click($("open"));
    expect([dialog.open, dialog.states.has("modal")]).toEqual([true, true]);
    click($("shut"));
    expect(dialog.open).toBe(false);
    const native = dialogPage({ nativeCommands: true });
    native.click(native.$("open"));
    expect((native.$("d") as FakeDialog).open).toBe(false);
    // A click a handler of the page took is not a command.
    const taken = dialogPage();
    taken.click(taken.$("open"), { defaultPrevented: true });
    expect((taken.$("d") as FakeDialog).open).toBe(false);
  });

  test.each([
    ["a pointer click on the backdrop closes it", { clientX: 150, clientY: 50, detail: 1 }, false],
    ["a click above the box closes it", { clientX: 50, clientY: -5, detail: 1 }, false],
    ["a click left of the box closes it", { clientX: -5, clientY: 50, detail: 1 }, false],
    ["a click below the box closes it", { clientX: 50, clientY: 105, detail: 1 }, false],
    ["a click inside the box keeps it", { clientX: 50, clientY: 50, detail: 1 }, true],
    ["a keyboard activation (no position) keeps it", { clientX: 150, clientY: 150, detail: 0 }, true],
  ])("%s", (_case, position, open) => {
    const { $, click } = dialogPage();
    const dialog = $("d") as FakeDialog;
    click($("open"));
    click(dialog, position);
    expect(dialog.open).toBe(open);
  });

  test("gives focus back to its opener on closing, unless the visitor has moved it elsewhere", () => {
    const { doc, $, click } = dialogPage();
    const dialog = $("d") as FakeDialog;
    click($("open"));
    $("search").focus();
    dialog.close();
    expect(doc.activeElement).toBe($("open"));
    click($("open"));
    $("elsewhere").focus();
    dialog.close();
    expect(doc.activeElement).toBe($("elsewhere"));
    click($("open"));
    doc.activeElement = doc.body;
    $("open").parent = null; // the opener went with a page swapped out
    dialog.close();
    expect(doc.activeElement).toBe(doc.body);
  });

  test("closes on Escape from its search field (which WebKit would clear instead), and keeps Tab inside it", () => {
    const { doc, $, click } = dialogPage();
    const dialog = $("d") as FakeDialog;
    const escapeFrom = (target: FakeElement) => doc.fire("keydown", target, { key: "Escape" });
    escapeFrom($("search")); // no dialog open: nothing to do
    click($("open"));
    expect(escapeFrom($("shut")).defaultPrevented).toBe(false);
    expect(dialog.open).toBe(true);
    expect(escapeFrom($("search")).defaultPrevented).toBe(true);
    expect(dialog.open).toBe(false);
    click($("open"));
    $("shut").focus();
    expect(doc.fire("keydown", $("shut"), { key: "Tab", shiftKey: false }).defaultPrevented).toBe(true);
    expect(doc.activeElement).toBe($("search"));
  });
});

describe("the phone menu (a popover)", () => {
  const menuPage = () =>
    page([
      h("nav", { id: "bar" }),
      h("button", { id: "toggle", popovertarget: "menu" }),
      h(
        "div",
        { id: "menu", popover: "", "data-below": "#bar", "data-until": "(min-width:48rem)" },
        h("a", { id: "link" }),
        h("span", { id: "text" }),
      ),
    ]);

  test("hangs from the navigation bar, says on its button whether it is open, and closes on a choice", () => {
    const { doc, $, click } = menuPage();
    $("bar").box = { left: 0, right: 100, top: -20, bottom: 55.6 };
    const menu = $("menu");
    doc.fire("beforetoggle", menu, { newState: "closed" });
    expect(menu.style.top).toBeUndefined();
    doc.fire("beforetoggle", menu, { newState: "open" });
    expect(menu.style.top).toBe("56px");
    doc.fire("toggle", menu, { newState: "open" });
    expect($("toggle").getAttribute("aria-expanded")).toBe("true");
    doc.fire("toggle", menu, { newState: "closed" });
    expect($("toggle").getAttribute("aria-expanded")).toBe("false");
    doc.fire("toggle", $("bar"), { newState: "open" }); // not a popover
    expect($("bar").hasAttribute("aria-expanded")).toBe(false);
    const hide = vi.fn(() => menu.states.delete("popover-open"));
    Object.assign(menu, { hidePopover: hide });
    click($("link"));
    expect(hide).not.toHaveBeenCalled(); // closed already
    menu.states.add("popover-open");
    click($("text"));
    expect(hide).not.toHaveBeenCalled();
    click($("link"));
    expect(hide).toHaveBeenCalledTimes(1);
  });

  test("closes when the window grows past the phone's width", () => {
    const { $ } = menuPage();
    const hide = vi.fn();
    Object.assign($("menu"), { hidePopover: hide });
    const grow = mediaChanges.get("(min-width:48rem)");
    grow?.({ matches: true });
    expect(hide).not.toHaveBeenCalled();
    $("menu").states.add("popover-open");
    grow?.({ matches: false });
    expect(hide).not.toHaveBeenCalled();
    grow?.({ matches: true });
    expect(hide).toHaveBeenCalledTimes(1);
  });
});

describe("disclosures and menus", () => {
  const disclosurePage = () =>
    page([
      h(
        "div",
        { id: "info-root", "data-disclosure-root": "" },
        h(
          "button",
          {
            id: "info",
            "data-disclosure": "",
            "aria-controls": "more",
            "aria-expanded": "false",
            "data-open-label": "Hide Information",
          },
          h("span", { id: "label", "data-label": "" }),
        ),
        h("div", { id: "more", hidden: "" }),
      ),
      h(
        "div",
        { id: "root", "data-disclosure-root": "" },
        h("button", { id: "menu", "data-disclosure": "menu", "aria-controls": "panel", "aria-expanded": "false" }),
        h("ul", { id: "panel", "data-hover": "" }, h("a", { id: "first" }), h("span", { id: "inside" })),
      ),
      h("p", { id: "outside" }),
    ]);

  test("a button shows and hides its panel, and changes its words where it names what it will do", () => {
    const { $, click } = disclosurePage();
    $("label").textContent = "Show More Information";
    click($("label"));
    expect([$("info").getAttribute("aria-expanded"), $("more").hidden, $("label").textContent]).toEqual([
      "true",
      false,
      "Hide Information",
    ]);
    click($("info"));
    expect([$("info").getAttribute("aria-expanded"), $("more").hidden, $("label").textContent]).toEqual([
      "false",
      true,
      "Show More Information",
    ]);
    // A panel CSS shows on hover reads aria-expanded: it is never hidden by script.
    click($("menu"));
    expect([$("menu").getAttribute("aria-expanded"), $("panel").hidden]).toEqual(["true", false]);
  });

  test.each([
    ["a click outside closes it", "outside", "false"],
    ["choosing one of its links closes it", "first", "false"],
    ["a click inside it keeps it", "inside", "true"],
  ])("an open menu: %s", (_case, target, expanded) => {
    const { $, click } = disclosurePage();
    click($("menu"));
    click($(target));
    expect($("menu").getAttribute("aria-expanded")).toBe(expanded);
  });

  test("a menu opened by a mouse hovering closes when it leaves, unless a click made it stay; touch does not hover", () => {
    const { doc, $, click } = disclosurePage();
    const hover = (type: string, target: string, pointerType = "mouse", relatedTarget: FakeElement | null = null) =>
      doc.fire(type, $(target), { pointerType, relatedTarget });
    hover("pointerover", "inside", "touch");
    expect($("menu").getAttribute("aria-expanded")).toBe("false");
    hover("pointerover", "info"); // its panel is not one that opens on hover
    expect($("info").getAttribute("aria-expanded")).toBe("false");
    hover("pointerover", "inside");
    expect($("menu").getAttribute("aria-expanded")).toBe("true");
    hover("pointerout", "inside", "mouse", $("first")); // still inside
    expect($("menu").getAttribute("aria-expanded")).toBe("true");
    hover("pointerout", "inside", "mouse", $("outside"));
    expect($("menu").getAttribute("aria-expanded")).toBe("false");
    hover("pointerover", "inside");
    click($("menu")); // the click confirms the open menu
    expect($("menu").getAttribute("aria-expanded")).toBe("true");
    hover("pointerout", "inside", "mouse", $("outside"));
    expect($("menu").getAttribute("aria-expanded")).toBe("true");
    hover("pointerover", "inside"); // open already
    click($("menu"));
    expect($("menu").getAttribute("aria-expanded")).toBe("false");
  });

  test("the keyboard: ArrowDown opens a menu at its first link, Escape closes it back to its button, Tab out closes it", () => {
    const { doc, $ } = disclosurePage();
    const key = (target: string, key: string) => doc.fire("keydown", $(target), { key });
    expect(key("info", "ArrowDown").defaultPrevented).toBe(false);
    expect(key("menu", "ArrowDown").defaultPrevented).toBe(true);
    expect([$("menu").getAttribute("aria-expanded"), doc.activeElement]).toEqual(["true", $("first")]);
    expect(key("outside", "Escape").defaultPrevented).toBe(false);
    expect(key("first", "Enter").defaultPrevented).toBe(false);
    expect(key("first", "Escape").defaultPrevented).toBe(true);
    expect([$("menu").getAttribute("aria-expanded"), doc.activeElement]).toEqual(["false", $("menu")]);
    key("menu", "ArrowDown");
    doc.fire("focusout", $("first"), { relatedTarget: $("inside") });
    expect($("menu").getAttribute("aria-expanded")).toBe("true");
    doc.fire("focusout", $("outside"), { relatedTarget: $("first") });
    expect($("menu").getAttribute("aria-expanded")).toBe("true");
    doc.fire("focusout", $("first"), { relatedTarget: $("outside") });
    expect($("menu").getAttribute("aria-expanded")).toBe("false");
  });
});

describe("tabs", () => {
  const tabsPage = () =>
    page([
      h(
        "div",
        { "data-tabs": "" },
        h(
          "div",
          { role: "tablist" },
          ...["a", "b", "c"].map((id) => h("button", { id, role: "tab", "aria-controls": `${id}-panel` })),
        ),
        ...["a", "b", "c"].map((id) => h("div", { id: `${id}-panel` })),
      ),
      h("button", { id: "lone", role: "tab" }),
    ]);
  const selected = ($: (id: string) => FakeElement) =>
    ["a", "b", "c"].map((id) => `${$(id).getAttribute("aria-selected")} ${$(id).tabIndex} ${$(`${id}-panel`).hidden}`);

  test("a click selects a tab: its panel shows, and it alone is in the Tab order", () => {
    const { $, click } = tabsPage();
    click($("b"));
    expect(selected($)).toEqual(["false -1 true", "true 0 false", "false -1 true"]);
    click($("lone")); // outside a tab set
    expect($("lone").hasAttribute("aria-selected")).toBe(false);
  });

  test.each([
    ["ArrowRight", "a", "b"],
    ["ArrowDown", "c", "a"],
    ["ArrowLeft", "a", "c"],
    ["ArrowUp", "b", "a"],
    ["Home", "c", "a"],
    ["End", "a", "c"],
  ])("%s from tab %s selects and focuses tab %s", (key, from, to) => {
    const { doc, $ } = tabsPage();
    expect(doc.fire("keydown", $(from), { key }).defaultPrevented).toBe(true);
    expect(doc.activeElement).toBe($(to));
    expect($(to).getAttribute("aria-selected")).toBe("true");
  });

  test("other keys, and keys outside a tab set, are left alone", () => {
    const { doc, $ } = tabsPage();
    expect(doc.fire("keydown", $("a"), { key: "Enter" }).defaultPrevented).toBe(false);
    expect(doc.fire("keydown", $("lone"), { key: "ArrowRight" }).defaultPrevented).toBe(false);
    expect(doc.activeElement).toBe(null);
  });
});

describe("a choice group (the currency)", () => {
  const choicePage = (options = {}) =>
    page(
      [
        h("div", { id: "root", "data-disclosure-root": "" }),
        h(
          "div",
          { id: "group", "data-choice": "currency", "data-choice-for": "prices" },
          h("button", { id: "usd", value: "usd" }),
          h("button", { id: "eur", value: "eur" }),
        ),
        h("div", { id: "prices" }),
      ],
      options,
    );

  test("a press shows the choice and remembers it; the next page shows it from the start", () => {
    const { doc, $, click } = choicePage();
    click($("eur"));
    expect([$("prices").getAttribute("data-choice-value"), $("eur").getAttribute("aria-pressed")]).toEqual([
      "eur",
      "true",
    ]);
    expect(stored.get("currency")).toBe("eur");
    click($("group")); // not a button
    expect(stored.size).toBe(1);
    const next = choicePage();
    expect(next.$("prices").getAttribute("data-choice-value")).toBe("eur");
    expect(next.$("root").hasAttribute("data-enhanced")).toBe(true);
    void doc;
  });

  test("with storage blocked, the choice lasts for the page and the server's default stands on the next", () => {
    const { $, click } = choicePage({ storage: false });
    expect(() => click($("eur"))).not.toThrow();
    expect($("prices").getAttribute("data-choice-value")).toBe("eur");
    const next = choicePage({ storage: false });
    enhanceControls(next.doc as unknown as Document);
    expect(next.$("prices").hasAttribute("data-choice-value")).toBe(false);
  });
});
