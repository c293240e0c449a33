/**
 * `/` (when not typing in a field) and Ctrl+K / Cmd+K open the site search by clicking the header's search control,
 * so the shortcut and a click take one path: the island runtime holds the click, wakes the search island and
 * replays it. The only search code every page loads: the island, MiniSearch and the index wait for this.
 */

const typingIn = (target: EventTarget | null) => {
  const element = target as Partial<HTMLElement> | null;
  return Boolean(element?.isContentEditable) || /^(INPUT|TEXTAREA|SELECT)$/.test(element?.tagName ?? "");
};

/** Where the control keeps what was typed while its dialog was on its way: `data-search-typed`, read once by the island. */
const TYPED = "searchTyped";

type ShortcutDocument = Pick<Document, "addEventListener" | "removeEventListener" | "querySelector">;

/**
 * A dialog opened with showModal() (the search's own included) makes the page behind it inert; a non-modal open one,
 * such as the WhatsApp popup, leaves the page in use, so the shortcut still works beside it.
 */
const MODAL_DIALOG = "dialog:modal";

/**
 * Listens on `doc` for the search shortcuts; does nothing while a modal dialog is open (the search's own included).
 * From the moment the control is used until a dialog opens (the island's chunk may take a while on a slow network),
 * letters typed are kept on the control instead of falling on the page, and the dialog starts with them.
 */
export function listenForSearchShortcut(doc: ShortcutDocument): void {
  doc.addEventListener("keydown", (event) => {
    const command = (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "k";
    const slash = event.key === "/" && !event.ctrlKey && !event.metaKey && !event.altKey && !typingIn(event.target);
    if (!(command || slash) || event.defaultPrevented || doc.querySelector(MODAL_DIALOG)) return;
    const control = doc.querySelector<HTMLElement>("[data-search-open]");
    if (!control) return;
    event.preventDefault();
    holdKeys(doc, control);
    control.click();
  });
  // Capture on the document runs before the island runtime's own capture on the island, which holds the click.
  doc.addEventListener(
    "click",
    (event) => {
      const control = (event.target as Partial<Element> | null)?.closest?.("[data-search-open]");
      if (control && !doc.querySelector(MODAL_DIALOG)) holdKeys(doc, control as HTMLElement);
    },
    { capture: true },
  );
}

function holdKeys(doc: ShortcutDocument, control: HTMLElement): void {
  if (control.dataset[TYPED] !== undefined) return; // already holding
  control.dataset[TYPED] = "";
  const onKey = (event: KeyboardEvent) => {
    // The dialog is open and its field has focus: keys go where the visitor sees them.
    if (doc.querySelector(MODAL_DIALOG) || control.dataset[TYPED] === undefined) {
      doc.removeEventListener("keydown", onKey, true);
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
    const typed = control.dataset[TYPED] ?? "";
    if (event.key.length === 1) control.dataset[TYPED] = typed + event.key;
    else if (event.key === "Backspace") control.dataset[TYPED] = typed.slice(0, -1);
    else return;
    event.preventDefault();
  };
  doc.addEventListener("keydown", onKey, true);
}
