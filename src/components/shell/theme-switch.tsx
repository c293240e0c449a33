import { Monitor, Moon, Sun } from "lucide-react";
import { THEME_CHOICES, type ThemeChoice } from "../../lib/theme.ts";
import { InlineScript } from "../inline-script.tsx";

const OPTIONS: Record<ThemeChoice, { label: string; Icon: typeof Sun }> = {
  light: { label: "Light", Icon: Sun },
  dark: { label: "Dark", Icon: Moon },
  system: { label: "System", Icon: Monitor },
};

/**
 * Light, dark or system: three radio buttons, so arrow keys move between them and a screen reader says "Theme",
 * each option's name and which one is checked. The server marks "system"; the placed script checks the stored
 * choice before the switch is painted and shows it (without a script the page follows the system, and a switch
 * that cannot remember would only mislead).
 */
export function ThemeSwitch() {
  return (
    <fieldset className="theme-switch" hidden>
      <legend className="visually-hidden">Theme</legend>
      {THEME_CHOICES.map((choice) => {
        const { label, Icon } = OPTIONS[choice];
        return (
          <label key={choice} className="theme-switch__option" title={label}>
            <input className="theme-switch__input" type="radio" name="theme" value={choice} defaultChecked={choice === "system"} />
            <Icon aria-hidden="true" />
            <span className="visually-hidden">{label}</span>
          </label>
        );
      })}
      <InlineScript name="theme-switch" />
    </fieldset>
  );
}
