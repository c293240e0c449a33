import type { ReactNode } from "react";
import { THEME_CHOICES, type ThemeChoice } from "../../lib/theme.ts";

/** Each option's name and icon: drawn here in a few bytes, stroked by the stylesheet, since every page carries them. */
const OPTIONS: Record<ThemeChoice, { label: string; icon: ReactNode }> = {
  light: {
    label: "Light",
    icon: (
      <>
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2v2m0 16v2M2 12h2m16 0h2M5 5l1.5 1.5m11 11L19 19M5 19l1.5-1.5m11-11L19 5" />
      </>
    ),
  },
  dark: { label: "Dark", icon: <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" /> },
  system: {
    label: "System",
    icon: (
      <>
        <rect x="2" y="4" width="20" height="13" rx="2" />
        <path d="M8 21h8m-4-4v4" />
      </>
    ),
  },
};

/**
 * Light, dark or system as three radio buttons, run by the eager loader (src/client/theme-switch.ts). The stylesheet
 * marks the option <html data-theme> names, and hides the switch where no script runs (it could not remember).
 */
export function ThemeSwitch() {
  return (
    <fieldset className="theme-switch">
      <legend className="visually-hidden">Theme</legend>
      {THEME_CHOICES.map((choice) => (
        <label key={choice} className="theme-switch__option" title={OPTIONS[choice].label}>
          <input
            type="radio"
            name="theme"
            value={choice}
            aria-label={OPTIONS[choice].label}
            defaultChecked={choice === "system"}
          />
          <svg viewBox="0 0 24 24" aria-hidden="true">
            {OPTIONS[choice].icon}
          </svg>
        </label>
      ))}
    </fieldset>
  );
}
