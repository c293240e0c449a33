import { createContext, useContext } from "react";
import type { SiteContent } from "../lib/content.ts";

interface SiteContextValue {
  content: SiteContent;
  /** Whether a link to `href` leads to the page being rendered or its section (the menus' aria-current). */
  isCurrent: (href: string) => boolean;
}

const SiteContext = createContext<SiteContextValue | undefined>(undefined);
export const SiteProvider = SiteContext.Provider;

/** True when `href` is the page at `path` or its section: exact for home, prefix for the others (/blog covers articles). */
export function isCurrentPath(href: string, path: string): boolean {
  return href === "/" ? path === "/" : path === href || path.startsWith(`${href}/`);
}

/** Server components read site facts here instead of receiving them through every level. Not for islands. */
export function useSiteContext(): SiteContextValue {
  const value = useContext(SiteContext);
  if (!value) throw new Error("useSiteContext() outside <Document>; server components only");
  return value;
}
