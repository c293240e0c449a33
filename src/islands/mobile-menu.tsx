import { useEffect, useRef, useState } from "react";

interface MobileMenuProps {
  /** id of the server-rendered menu panel this button shows and hides. */
  panelId: string;
}

/** Wide enough for the desktop menu; keep in step with the breakpoint in shell.css. */
const DESKTOP_QUERY = "(min-width: 1120px)";

/**
 * The phone menu's toggle. The panel is server HTML under the header; choosing an item, Escape, a click outside
 * or growing to the desktop layout closes it.
 */
export default function MobileMenu({ panelId }: MobileMenuProps) {
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const panel = document.getElementById(panelId);
    if (!panel) return;
    panel.hidden = !open;
    button.current?.closest(".site-header")?.toggleAttribute("data-menu-open", open);
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onClick = (event: MouseEvent) => {
      const target = event.target as Node;
      if (button.current?.contains(target)) return;
      if (!panel.contains(target) || (target as Element).closest?.("a")) setOpen(false);
    };
    const desktop = matchMedia(DESKTOP_QUERY);
    const onResize = () => desktop.matches && setOpen(false);
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    desktop.addEventListener("change", onResize);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
      desktop.removeEventListener("change", onResize);
    };
  }, [open, panelId]);

  return (
    <button
      ref={button}
      type="button"
      className="menu-toggle"
      aria-expanded={open}
      aria-controls={panelId}
      onClick={() => setOpen(!open)}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          {open ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
        </g>
      </svg>
      <span className="visually-hidden">Menu</span>
    </button>
  );
}
