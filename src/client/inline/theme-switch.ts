import { applyThemeChoice, readThemeChoice, THEME_STORAGE_KEY, type ThemeChoice } from "../../lib/theme.ts";

/**
 * The theme switch's few lines (placed inside it by src/components/shell/theme-switch.tsx): checks the stored
 * choice, shows the switch (hidden in the HTML, since it cannot work without a script), and on a change applies and
 * stores the new choice. Another tab's choice is followed too. Without storage the choice lasts for this page.
 */
(() => {
  const root = document.currentScript?.parentElement;
  if (!root) return;
  const html = document.documentElement;
  const show = (choice: ThemeChoice) => {
    for (const input of root.querySelectorAll<HTMLInputElement>("input[name=theme]")) input.checked = input.value === choice;
  };
  show(readThemeChoice(() => localStorage));
  root.hidden = false;
  root.addEventListener("change", (event) => {
    const choice = (event.target as HTMLInputElement).value as ThemeChoice;
    applyThemeChoice(html, choice);
    try {
      if (choice === "system") localStorage.removeItem(THEME_STORAGE_KEY);
      else localStorage.setItem(THEME_STORAGE_KEY, choice);
    } catch {
      // Storage blocked: the choice holds until the next page, which follows the system again.
    }
  });
  addEventListener("storage", (event) => {
    if (event.key !== THEME_STORAGE_KEY && event.key !== null) return;
    const choice = readThemeChoice(() => localStorage);
    applyThemeChoice(html, choice);
    show(choice);
  });
})();
