/**
 * The visitor's colour theme (issue 17): light, dark, or the system's. The choice is kept in localStorage under
 * THEME_STORAGE_KEY ("light" or "dark"; nothing stored means "system") and shown as `data-theme` on <html>, which
 * selects the dark block of src/styles/tokens.css or keeps its light one whatever the system prefers.
 */
export const THEME_STORAGE_KEY = "theme";

/** The switch's options, in its order. */
export const THEME_CHOICES = ["light", "dark", "system"] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

/** The stored choice, or "system" for anything else (nothing stored, a value from an older site, storage blocked). */
export function readThemeChoice(storage: () => Pick<Storage, "getItem">): ThemeChoice {
  try {
    const value = storage().getItem(THEME_STORAGE_KEY);
    return value === "light" || value === "dark" ? value : "system";
  } catch {
    return "system";
  }
}

/**
 * Shows a choice on the page: `data-theme` on <html> for light or dark (none for system, so the stylesheet follows
 * the system), and the browser's toolbar colour of that theme from the two theme-color metas.
 */
export function applyThemeChoice(root: HTMLElement, choice: ThemeChoice): void {
  if (choice === "system") delete root.dataset.theme;
  else root.dataset.theme = choice;
  for (const meta of root.querySelectorAll<HTMLMetaElement>("meta[name=theme-color]")) {
    const scheme = meta.dataset.scheme ?? "";
    meta.media = choice === "system" ? `(prefers-color-scheme: ${scheme})` : choice === scheme ? "all" : "not all";
  }
}
