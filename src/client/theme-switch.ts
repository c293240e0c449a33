import { readThemeChoice, THEME_STORAGE_KEY, type ThemeChoice } from "../lib/theme.ts";

/**
 * The header's theme switch (src/components/shell/theme-switch.tsx), started by the eager loader: checks the
 * stored choice, applies and stores a new one, and follows a choice made in another tab. The head script
 * (src/client/inline/theme.ts) has put the stored theme on <html> before the first paint; this adds the browser's
 * toolbar colour. Without storage a choice lasts for the page.
 */
export function startThemeSwitch(html: HTMLElement): void {
  // Each theme-color meta as the server wrote it, for its own scheme: "(prefers-color-scheme: dark)" or light.
  const metas = [...html.querySelectorAll<HTMLMetaElement>("meta[name=theme-color]")].map((meta) => ({
    meta,
    media: meta.media,
  }));
  const apply = (choice: ThemeChoice) => {
    html.dataset.theme = choice;
    for (const { meta, media } of metas)
      meta.media = choice === "system" ? media : media.includes(choice) ? "all" : "not all";
  };
  const show = (choice: ThemeChoice) => {
    apply(choice);
    for (const input of html.querySelectorAll<HTMLInputElement>(".theme-switch input"))
      input.checked = input.value === choice;
  };
  show(readThemeChoice(() => localStorage));
  html.addEventListener("change", ({ target }) => {
    if (!(target instanceof HTMLInputElement) || !target.closest(".theme-switch")) return;
    const choice = target.value as ThemeChoice;
    apply(choice);
    try {
      if (choice === "system") localStorage.removeItem(THEME_STORAGE_KEY);
      else localStorage.setItem(THEME_STORAGE_KEY, choice);
    } catch {
      // Storage blocked: the choice holds until the next page.
    }
  });
  addEventListener("storage", ({ key }) => {
    if (key === THEME_STORAGE_KEY || key === null) show(readThemeChoice(() => localStorage));
  });
}
