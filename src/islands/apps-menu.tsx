import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from "react";

interface AppsMenuProps {
  /** id of the server-rendered product grid this button controls. */
  panelId: string;
  /** True on /products and product pages: the Apps item is the current section. */
  current: boolean;
}

/** Leaving the menu with the pointer closes it after this grace period, so a diagonal move does not flicker. */
const HOVER_CLOSE_MS = 150;

/**
 * The desktop Apps dropdown's button. The product grid is server HTML next to it (CSS opens it on hover and focus
 * until this island wakes); once awake the island owns the open state: hover, Enter/Space or ArrowDown open it,
 * Escape, leaving it, moving focus out or choosing a product close it.
 */
export default function AppsMenu({ panelId, current }: AppsMenuProps) {
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const openedByHover = useRef(false);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    openedByHover.current = false;
    if (returnFocus) button.current?.focus();
  }, []);

  // Declared before the setup below, so on waking it runs first and cannot undo the open state the setup adopts.
  useEffect(() => {
    const root = button.current?.closest<HTMLElement>(".apps-menu");
    if (root) root.toggleAttribute("data-open", open);
  }, [open]);

  useEffect(() => {
    const root = button.current?.closest<HTMLElement>(".apps-menu");
    const panel = document.getElementById(panelId);
    if (!root || !panel) return;
    // Keep showing what CSS showed before this island woke: data-open goes on in the same task as data-enhanced
    // (which turns the CSS :hover and :focus-within rules off), so an open menu never blinks closed.
    const hovered = root.matches(":hover");
    if (hovered || root.matches(":focus-within")) {
      root.toggleAttribute("data-open", true);
      openedByHover.current = hovered;
      setOpen(true);
    }
    root.dataset.enhanced = "";
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onEnter = () => {
      clearTimeout(timer);
      setOpen((wasOpen) => {
        if (!wasOpen) openedByHover.current = true;
        return true;
      });
    };
    const onLeave = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (!root.contains(document.activeElement) || openedByHover.current) close(false);
      }, HOVER_CLOSE_MS);
    };
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        close(true);
      }
    };
    const onFocusOut = (event: FocusEvent) => {
      if (!root.contains(event.relatedTarget as Node | null)) close(false);
    };
    const onChoose = (event: MouseEvent) => {
      if ((event.target as Element).closest("a")) close(false);
    };
    root.addEventListener("mouseenter", onEnter);
    root.addEventListener("mouseleave", onLeave);
    root.addEventListener("keydown", onKey);
    root.addEventListener("focusout", onFocusOut);
    panel.addEventListener("click", onChoose);
    return () => {
      clearTimeout(timer);
      root.removeEventListener("mouseenter", onEnter);
      root.removeEventListener("mouseleave", onLeave);
      root.removeEventListener("keydown", onKey);
      root.removeEventListener("focusout", onFocusOut);
      panel.removeEventListener("click", onChoose);
    };
  }, [panelId, close]);

  const onClick = () => {
    // A click right after hovering confirms the open menu instead of closing it.
    if (open && openedByHover.current) {
      openedByHover.current = false;
      return;
    }
    openedByHover.current = false;
    setOpen(!open);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setOpen(true);
      requestAnimationFrame(() => document.getElementById(panelId)?.querySelector<HTMLElement>("a")?.focus());
    }
  };

  return (
    <button
      ref={button}
      type="button"
      className="main-nav__link apps-menu__button"
      aria-expanded={open}
      aria-controls={panelId}
      aria-current={current ? "true" : undefined}
      onClick={onClick}
      onKeyDown={onKeyDown}
    >
      Apps
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
