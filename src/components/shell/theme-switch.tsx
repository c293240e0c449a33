import { THEME_CHOICES, type ThemeChoice } from "../../lib/theme.ts";

/** Each option's name; its icon is drawn by the stylesheet (shell.css, by the option's class), since every page carries them. */
const LABELS: Record<ThemeChoice, string> = { light: "Light", dark: "Dark", system: "System" };

/**
 * Light, dark or system: three radio buttons, so arrow keys move between them and a screen reader says "Theme",
 * each option's name and which one is checked. The eager loader makes them work (src/client/theme-switch.ts); the
 * stylesheet marks the current option from <html data-theme>, set by the head script before the first paint, and
 * keeps the switch invisible where no script runs (the page then follows the system, and a switch that cannot
 * remember would only mislead).
 */
export function ThemeSwitch() {
  return (
    <fieldset className="theme-switch">
      <legend className="visually-hidden">Theme</legend>
      {THEME_CHOICES.map((choice) => (
        <label key={choice} className={`theme-switch__option theme-switch__option--${choice}`} title={LABELS[choice]}>
          <input
            type="radio"
            name="theme"
            value={choice}
            aria-label={LABELS[choice]}
            defaultChecked={choice === "system"}
          />
        </label>
      ))}
    </fieldset>
  );
}
