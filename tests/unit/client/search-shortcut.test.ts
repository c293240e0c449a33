import { describe, expect, test, vi } from "vitest";
import { listenForSearchShortcut } from "../../../src/client/search-shortcut.ts";

/**
 * A page with the header's search control (and, when asked, an open modal dialog or an open non-modal one such as the
 * WhatsApp popup), faked to the two calls the listener makes.
 */
function fakePage({ dialogOpen = false, popupOpen = false, control = true } = {}) {
  const page = new EventTarget();
  const click = vi.fn();
  const state = { dialogOpen, popupOpen };
  const button = { click, dataset: {} as Record<string, string | undefined>, closest: () => button };
  const doc = Object.assign(page, {
    querySelector: (selector: string) => {
      if (selector === "dialog:modal") return state.dialogOpen ? {} : null;
      if (selector === "dialog[open]") return state.dialogOpen || state.popupOpen ? {} : null;
      if (selector === "[data-search-open]") return control ? button : null;
      return null;
    },
  }) as unknown as Document;
  listenForSearchShortcut(doc);
  // Node has no KeyboardEvent: a cancelable Event carrying the fields the listener reads.
  const press = (init: Partial<Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey">>, target: Partial<HTMLElement> = { tagName: "BODY" }) => {
    const event = new Event("keydown", { cancelable: true });
    const fields = { ctrlKey: false, metaKey: false, altKey: false, ...init, target };
    for (const [key, value] of Object.entries(fields)) Object.defineProperty(event, key, { value });
    page.dispatchEvent(event);
    return event;
  };
  const clickControl = () => {
    const event = new Event("click");
    Object.defineProperty(event, "target", { value: button });
    page.dispatchEvent(event);
  };
  return { click, press, clickControl, button, state };
}

describe("listenForSearchShortcut", () => {
  test("should open the search on / and on Ctrl+K or Cmd+K, keeping the key from the page", () => {
    const { click, press } = fakePage();
    expect(press({ key: "/" }).defaultPrevented).toBe(true);
    expect(press({ key: "k", ctrlKey: true }).defaultPrevented).toBe(true);
    expect(press({ key: "K", metaKey: true }).defaultPrevented).toBe(true);
    expect(click).toHaveBeenCalledTimes(3);
  });

  test("should leave / to a field, a text area or editable text the visitor is typing in", () => {
    const { click, press } = fakePage();
    for (const target of [{ tagName: "INPUT" }, { tagName: "TEXTAREA" }, { tagName: "SELECT" }, { tagName: "DIV", isContentEditable: true }]) {
      expect(press({ key: "/" }, target).defaultPrevented).toBe(false);
    }
    expect(click).not.toHaveBeenCalled();
  });

  test("should open the search with Ctrl+K even from a field", () => {
    const { click, press } = fakePage();
    press({ key: "k", ctrlKey: true }, { tagName: "INPUT" });
    expect(click).toHaveBeenCalledTimes(1);
  });

  test("should ignore other keys and other chords", () => {
    const { click, press } = fakePage();
    press({ key: "k" });
    press({ key: "k", ctrlKey: true, altKey: true });
    press({ key: "/", ctrlKey: true });
    expect(click).not.toHaveBeenCalled();
  });

  test("should do nothing while a modal dialog is open or on a page without the control", () => {
    for (const page of [fakePage({ dialogOpen: true }), fakePage({ control: false })]) {
      expect(page.press({ key: "/" }).defaultPrevented).toBe(false);
      expect(page.click).not.toHaveBeenCalled();
    }
  });

  test("should open the search while a non-modal dialog such as the WhatsApp popup is open", () => {
    const { click, press, clickControl, button } = fakePage({ popupOpen: true });
    expect(press({ key: "/" }).defaultPrevented).toBe(true);
    expect(click).toHaveBeenCalledTimes(1);
    expect(press({ key: "r" }).defaultPrevented).toBe(true);
    expect(button.dataset.searchTyped).toBe("r");
    delete button.dataset.searchTyped;
    clickControl();
    expect(button.dataset.searchTyped).toBe("");
  });

  test("should keep letters typed after / until the dialog opens, then let keys through", () => {
    const { press, button, state } = fakePage();
    press({ key: "/" });
    for (const key of ["r", "e", "f", "x"]) expect(press({ key }).defaultPrevented).toBe(true);
    expect(press({ key: "Backspace" }).defaultPrevented).toBe(true);
    expect(press({ key: "Tab" }).defaultPrevented).toBe(false);
    expect(button.dataset.searchTyped).toBe("ref");
    state.dialogOpen = true;
    expect(press({ key: "u" }).defaultPrevented).toBe(false);
    expect(button.dataset.searchTyped).toBe("ref");
  });

  test("should keep letters typed after a click on the control too, and stop once the island has read them", () => {
    const { press, clickControl, button } = fakePage();
    expect(press({ key: "a" }).defaultPrevented).toBe(false);
    clickControl();
    press({ key: "a" });
    expect(button.dataset.searchTyped).toBe("a");
    delete button.dataset.searchTyped; // what the island does when it opens
    expect(press({ key: "b" }).defaultPrevented).toBe(false);
  });
});
