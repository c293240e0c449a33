import { createContext, useContext } from "react";
import type { SiteContent } from "../lib/content.ts";
import type { Stylesheets } from "../lib/stylesheets.ts";

interface SiteContextValue {
  content: SiteContent;
  /** Path of the page being rendered, for the active menu item. */
  path: string;
  /** The built sheets, for islands that load a page sheet when they wake (pageSheetHref). */
  stylesheets: Stylesheets;
}

const SiteContext = createContext<SiteContextValue | undefined>(undefined);
export const SiteProvider = SiteContext.Provider;

/** Server components read site facts here instead of receiving them through every level. Not for islands. */
export function useSiteContext(): SiteContextValue {
  const value = useContext(SiteContext);
  if (!value) throw new Error("useSiteContext() outside <Document>; server components only");
  return value;
}
