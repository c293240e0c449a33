/**
 * The visitor's colour theme: light, dark, or the system's. The choice is kept in localStorage under
 * THEME_STORAGE_KEY ("light" or "dark"; nothing stored means "system") and shown as `data-theme` on <html>:
 * "dark" selects the dark block of src/styles/tokens.css, "light" keeps the light one whatever the system prefers,
 * "system" (or no attribute, where no script runs) follows the system.
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
