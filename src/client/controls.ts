import { applyChoice } from "../lib/choice-group.ts";
import { trapFocus } from "../lib/focus-trap.ts";

/**
 * The site's disclosure controls, run by the eager loader (src/client/loader.ts) so that no tap waits for a
 * download. The markup is the platform's: native <dialog> opened by `command`/`commandfor`, `popover` for the phone
 * menu, buttons with `aria-expanded` for disclosures, ARIA tabs. These few listeners add what the platform does not do
 * by itself in every engine:
 * - invoker commands where the engine lacks them (`show-modal`, `close`);
 * - a modal dialog closes on a click outside it, keeps Tab inside it, gives focus back to its opener, and closes on
 *   Escape even from a search field (WebKit clears the field instead);
 * - the phone menu sits under the navigation bar and reports `aria-expanded` on its button;
 * - `[data-disclosure]` buttons show and hide the element they control; menus among them close on Escape, a click
 *   outside or focus leaving;
 * - `[data-tabs]` tab sets select on click and arrow keys;
 * - `[data-choice]` button groups (the currency) write the choice to an attribute and remember it.
 * Every listener is delegated from the document, so controls rendered later (by an island) work too.
 */
export function startControls(doc: Document): void {
  startDialogs(doc);
  startPopovers(doc);
  startDisclosures(doc);
  startTabs(doc);
  startChoices(doc);
  enhanceControls(doc);
}

/**
 * What the listeners cannot delegate, done for the page in the document: at the start, and again for a page swapped
 * in (src/client/page-swap.ts): disclosure roots are marked as run by script, and choice groups show the stored
 * choice.
 */
export function enhanceControls(doc: Document): void {
  // From now on the script decides; CSS that opened menus on focus (for pages without it) stands down.
  for (const root of doc.querySelectorAll<HTMLElement>("[data-disclosure-root]")) root.dataset.enhanced = "";
  for (const group of doc.querySelectorAll<HTMLElement>("[data-choice]")) {
    try {
      const stored = localStorage.getItem(group.dataset.choice ?? "");
      if (stored) applyChoice(group, stored);
    } catch {
      // Storage can be blocked; the server's default stands.
    }
  }
}

const closestIn = <E extends Element>(target: EventTarget | null, selector: string): E | null =>
  target instanceof Element ? target.closest<E>(selector) : null;

function startDialogs(doc: Document): void {
  const nativeCommands = "command" in HTMLButtonElement.prototype;
  const openers = new WeakMap<HTMLDialogElement, HTMLElement>();

  doc.addEventListener("click", (event) => {
    const button = closestIn<HTMLButtonElement>(event.target, "button[commandfor]");
    if (button && !event.defaultPrevented) {
      const dialog = doc.getElementById(button.getAttribute("commandfor") ?? "");
      if (!(dialog instanceof HTMLDialogElement)) return;
      const command = button.getAttribute("command");
      if (command === "show-modal") openers.set(dialog, button);
      if (nativeCommands) return;
      if (command === "show-modal" && !dialog.open) dialog.showModal();
      else if (command === "close" && dialog.open) dialog.close();
      return;
    }
    // A click on the backdrop targets the dialog itself, outside its box.
    const dialog = event.target;
    if (dialog instanceof HTMLDialogElement && dialog.open && dialog.matches(":modal") && outside(dialog, event))
      dialog.close();
  });

  doc.addEventListener("keydown", (event) => {
    const dialog = doc.querySelector<HTMLDialogElement>("dialog:modal");
    if (!dialog) return;
    if (event.key === "Tab") trapFocus(dialog, event);
    else if (event.key === "Escape" && closestIn(event.target, "input[type='search']")) {
      event.preventDefault();
      dialog.close();
    }
  });

  // `close` does not bubble: listen in the capture phase.
  doc.addEventListener(
    "close",
    (event) => {
      const dialog = event.target;
      if (!(dialog instanceof HTMLDialogElement)) return;
      const opener = openers.get(dialog);
      const active = doc.activeElement;
      if (opener?.isConnected && (!active || active === doc.body || dialog.contains(active))) opener.focus();
    },
    true,
  );
}

function outside(element: Element, event: MouseEvent): boolean {
  const box = element.getBoundingClientRect();
  // Keyboard activation reports (0, 0); only a real pointer position can be outside.
  if (event.detail === 0) return false;
  return event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
}

function startPopovers(doc: Document): void {
  const buttonsFor = (popover: Element) => doc.querySelectorAll(`[popovertarget="${CSS.escape(popover.id)}"]`);
  doc.addEventListener(
    "beforetoggle",
    (event) => {
      const popover = event.target;
      if (!(popover instanceof HTMLElement) || (event as ToggleEvent).newState !== "open") return;
      // The menu hangs from the bottom of the sticky navigation bar, wherever the page is scrolled.
      const bar = popover.dataset.below ? doc.querySelector(popover.dataset.below) : null;
      if (bar) popover.style.top = `${Math.round(bar.getBoundingClientRect().bottom)}px`;
    },
    true,
  );
  doc.addEventListener(
    "toggle",
    (event) => {
      const popover = event.target;
      if (!(popover instanceof HTMLElement) || !popover.hasAttribute("popover")) return;
      const open = (event as ToggleEvent).newState === "open";
      for (const button of buttonsFor(popover)) button.setAttribute("aria-expanded", String(open));
    },
    true,
  );
  // Choosing an item closes the menu (a same-page link would otherwise leave it over the page).
  doc.addEventListener("click", (event) => {
    const popover = closestIn<HTMLElement>(event.target, "a")?.closest<HTMLElement>("[popover]");
    if (popover?.matches(":popover-open")) popover.hidePopover();
  });
  // A menu for narrow screens closes when the window grows past them: found when it does, in whichever page is shown.
  for (const popover of doc.querySelectorAll<HTMLElement>("[popover][data-until]")) {
    const query = popover.dataset.until ?? "";
    matchMedia(query).addEventListener("change", (event) => {
      const open = doc.querySelector<HTMLElement>(`[popover][data-until="${CSS.escape(query)}"]:popover-open`);
      if (event.matches) open?.hidePopover();
    });
  }
}

const DISCLOSURE = "button[data-disclosure][aria-controls]";

function startDisclosures(doc: Document): void {
  const panelOf = (button: Element) => doc.getElementById(button.getAttribute("aria-controls") ?? "");
  // Menus the pointer opened by hovering: they close when it leaves, unless a click made them stay.
  const hovered = new Set<Element>();
  const setOpen = (button: HTMLElement, open: boolean) => {
    hovered.delete(button);
    button.setAttribute("aria-expanded", String(open));
    // A button that names what it will do ('Show More Information' / 'Hide Information') changes its words.
    const label = button.querySelector("[data-label]");
    if (label && button.dataset.openLabel) {
      button.dataset.closedLabel ??= label.textContent ?? "";
      label.textContent = open ? button.dataset.openLabel : button.dataset.closedLabel;
    }
    const panel = panelOf(button);
    // A panel marked data-hover is also shown by CSS on hover: the stylesheet reads aria-expanded instead.
    if (panel && !("hover" in panel.dataset)) panel.hidden = !open;
  };
  const openMenus = () =>
    doc.querySelectorAll<HTMLElement>(`${DISCLOSURE}[data-disclosure='menu'][aria-expanded='true']`);
  const rootOf = (button: Element) => button.closest("[data-disclosure-root]") ?? button.parentElement;

  doc.addEventListener("click", (event) => {
    const button = closestIn<HTMLElement>(event.target, DISCLOSURE);
    for (const menu of openMenus()) {
      const root = rootOf(menu);
      // A click outside a menu closes it; so does choosing one of its links.
      if (menu !== button && (!root?.contains(event.target as Node) || closestIn(event.target, "a")))
        setOpen(menu, false);
    }
    if (!button || event.defaultPrevented) return;
    // A click right after hovering confirms the open menu instead of closing it.
    if (hovered.has(button)) hovered.delete(button);
    else setOpen(button, button.getAttribute("aria-expanded") !== "true");
  });

  // A panel that opens on hover (data-hover) says so on its button, and closes again when the pointer leaves.
  const hoverButton = (target: EventTarget | null) => {
    const button = closestIn(target, "[data-disclosure-root]")?.querySelector<HTMLElement>(DISCLOSURE);
    return button && panelOf(button)?.dataset.hover !== undefined ? button : null;
  };
  doc.addEventListener("pointerover", (event) => {
    const button = event.pointerType === "mouse" ? hoverButton(event.target) : null;
    if (!button || button.getAttribute("aria-expanded") === "true") return;
    setOpen(button, true);
    hovered.add(button);
  });
  doc.addEventListener("pointerout", (event) => {
    const button = event.pointerType === "mouse" ? hoverButton(event.target) : null;
    if (button && hovered.has(button) && !rootOf(button)?.contains(event.relatedTarget as Node | null))
      setOpen(button, false);
  });

  doc.addEventListener("keydown", (event) => {
    const button = closestIn<HTMLElement>(event.target, `${DISCLOSURE}[data-disclosure='menu']`);
    if (button && event.key === "ArrowDown") {
      event.preventDefault();
      setOpen(button, true);
      panelOf(button)?.querySelector<HTMLElement>("a, button")?.focus();
      return;
    }
    if (event.key !== "Escape") return;
    for (const menu of openMenus()) {
      if (!rootOf(menu)?.contains(event.target as Node)) continue;
      event.preventDefault();
      setOpen(menu, false);
      menu.focus();
    }
  });

  doc.addEventListener("focusout", (event) => {
    for (const menu of openMenus()) {
      const root = rootOf(menu);
      if (root?.contains(event.target as Node) && !root.contains(event.relatedTarget as Node | null))
        setOpen(menu, false);
    }
  });
}

const TAB_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowDown: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  ArrowUp: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

/** WAI-ARIA tabs with automatic activation: only the selected tab is in the Tab order. */
function startTabs(doc: Document): void {
  const siblingsOf = (tab: HTMLElement) => [
    ...(tab.closest("[role='tablist']")?.querySelectorAll<HTMLElement>("[role='tab']") ?? []),
  ];
  const select = (tab: HTMLElement) => {
    for (const each of siblingsOf(tab)) {
      const selected = each === tab;
      each.setAttribute("aria-selected", String(selected));
      each.tabIndex = selected ? 0 : -1;
      const panel = doc.getElementById(each.getAttribute("aria-controls") ?? "");
      if (panel) panel.hidden = !selected;
    }
  };
  doc.addEventListener("click", (event) => {
    const tab = closestIn<HTMLElement>(event.target, "[data-tabs] [role='tab']");
    if (tab) select(tab);
  });
  doc.addEventListener("keydown", (event) => {
    const tab = closestIn<HTMLElement>(event.target, "[data-tabs] [role='tab']");
    const move = TAB_KEYS[event.key];
    if (!tab || !move) return;
    event.preventDefault();
    const tabs = siblingsOf(tab);
    const next = tabs[move(tabs.indexOf(tab), tabs.length)];
    if (!next) return;
    select(next);
    next.focus();
  });
}

/**
 * A group of `aria-pressed` buttons choosing one value: `data-choice` names the localStorage key that remembers it,
 * `data-choice-for` the element whose `data-choice-value` the stylesheet reads.
 */
function startChoices(doc: Document): void {
  doc.addEventListener("click", (event) => {
    const button = closestIn<HTMLButtonElement>(event.target, "[data-choice] button[value]");
    const group = button?.closest<HTMLElement>("[data-choice]");
    if (!button || !group) return;
    applyChoice(group, button.value);
    try {
      localStorage.setItem(group.dataset.choice ?? "", button.value);
    } catch {
      // The choice then lasts for this page view.
    }
  });
}
