/**
 * `/` (when not typing in a field) and Ctrl+K / Cmd+K open the site search by clicking the header's search control,
 * so the shortcut and a click take one path: the control opens the server-rendered dialog with its field focused
 * (src/components/search/search-control.tsx), and what the visitor types next lands in the field.
 */

const typingIn = (target: EventTarget | null) => {
  const element = target as Partial<HTMLElement> | null;
  return Boolean(element?.isContentEditable) || /^(INPUT|TEXTAREA|SELECT)$/.test(element?.tagName ?? "");
};

type ShortcutDocument = Pick<Document, "addEventListener" | "querySelector">;

/**
 * Listens on `doc` for the search shortcuts. Does nothing while a modal dialog is open (the search's own included);
 * a non-modal one, like the WhatsApp popup, does not stop it.
 */
export function listenForSearchShortcut(doc: ShortcutDocument): void {
  doc.addEventListener("keydown", (event) => {
    const command = (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "k";
    const slash = event.key === "/" && !event.ctrlKey && !event.metaKey && !event.altKey && !typingIn(event.target);
    if (!(command || slash) || event.defaultPrevented || doc.querySelector("dialog:modal")) return;
    const control = doc.querySelector<HTMLElement>("[data-search-open]");
    if (!control) return;
    event.preventDefault();
    control.click();
  });
}
