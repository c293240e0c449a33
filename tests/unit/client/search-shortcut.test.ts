import { describe, expect, test, vi } from "vitest";
import { listenForSearchShortcut } from "../../../src/client/search-shortcut.ts";

/** A page with the header's search control (and, when asked, an open dialog), faked to the calls the listener makes. */
function fakePage({ modalOpen = false, popupOpen = false, control = true } = {}) {
  const page = new EventTarget();
  const click = vi.fn();
  const button = { click };
  const doc = Object.assign(page, {
    querySelector: (selector: string) => {
      if (selector === "dialog:modal") return modalOpen ? {} : null;
      if (selector === "dialog[open]") return modalOpen || popupOpen ? {} : null;
      if (selector === "[data-search-open]") return control ? button : null;
      return null;
    },
  }) as unknown as Document;
  listenForSearchShortcut(doc);
  // Node has no KeyboardEvent: a cancelable Event carrying the fields the listener reads.
  const press = (
    init: Partial<Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey">>,
    target: Partial<HTMLElement> = { tagName: "BODY" },
  ) => {
    const event = new Event("keydown", { cancelable: true });
    const fields = { ctrlKey: false, metaKey: false, altKey: false, ...init, target };
    for (const [key, value] of Object.entries(fields)) Object.defineProperty(event, key, { value });
    page.dispatchEvent(event);
    return event;
  };
  return { click, press };
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
    for (const target of [
      { tagName: "INPUT" },
      { tagName: "TEXTAREA" },
      { tagName: "SELECT" },
      { tagName: "DIV", isContentEditable: true },
    ]) {
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

  test("should open the search while a non-modal dialog such as the WhatsApp popup is open", () => {
    const { click, press } = fakePage({ popupOpen: true });
    expect(press({ key: "/" }).defaultPrevented).toBe(true);
    expect(click).toHaveBeenCalledTimes(1);
  });

  test("should do nothing while a modal dialog is open or on a page without the control", () => {
    for (const page of [fakePage({ modalOpen: true }), fakePage({ control: false })]) {
      expect(page.press({ key: "/" }).defaultPrevented).toBe(false);
      expect(page.click).not.toHaveBeenCalled();
    }
  });
});
