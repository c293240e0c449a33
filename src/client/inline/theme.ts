// Inlined in <head> of every page, before the body is parsed: the visitor's stored theme goes onto <html> before
// the first paint, so a page never flashes the other theme. Storage blocked or nothing stored: "system", which the
// stylesheet follows by itself. The switch's clicks are handled by the eager loader (src/client/theme-switch.ts).
import { readThemeChoice } from "../../lib/theme.ts";

document.documentElement.dataset.theme = readThemeChoice(() => localStorage);
