// Inlined in <head> of every page, before the body is parsed: the visitor's stored theme goes onto <html> before
// the first paint, so a page never flashes the other theme. Storage blocked or nothing stored: the system's theme,
// which the stylesheet follows by itself.
import { applyThemeChoice, readThemeChoice } from "../../lib/theme.ts";

const choice = readThemeChoice(() => localStorage);
if (choice !== "system") applyThemeChoice(document.documentElement, choice);
