/**
 * `/` (when not typing in a field) and Ctrl+K / Cmd+K open the site search by clicking the header's search control,
 * so the shortcut and a click take one path: the island runtime holds the click, wakes the search island and
 * replays it. The only search code every page loads: the island, MiniSearch and the index wait for this.
 */

const typingIn = (target: EventTarget | null) => {
  const element = target as Partial<HTMLElement> | null;
  return Boolean(element?.isContentEditable) || /^(INPUT|TEXTAREA|SELECT)$/.test(element?.tagName ?? "");
};

/** Listens on `doc` for the search shortcuts; does nothing while a modal dialog is open (the search's own included). */
export function listenForSearchShortcut(doc: Pick<Document, "addEventListener" | "querySelector">): void {
  doc.addEventListener("keydown", (event) => {
    const command = (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "k";
    const slash = event.key === "/" && !event.ctrlKey && !event.metaKey && !event.altKey && !typingIn(event.target);
    if (!(command || slash) || event.defaultPrevented || doc.querySelector("dialog[open]")) return;
    const control = doc.querySelector<HTMLElement>("[data-search-open]");
    if (!control) return;
    event.preventDefault();
    control.click();
  });
}
