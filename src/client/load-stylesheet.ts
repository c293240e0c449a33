/**
 * Links a stylesheet on demand and resolves once it has loaded, for an island whose markup appears only when it wakes
 * (the search dialog): its styles stay out of every page's first load. A sheet the page already links resolves at
 * once. A sheet that fails to load resolves too: the island still works, unstyled, rather than not at all.
 */
const loading = new Map<string, Promise<void>>();

export function loadStylesheet(href: string, doc: Document = document): Promise<void> {
  const known = loading.get(href);
  if (known) return known;
  const linked = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].some((link) => link.getAttribute("href") === href);
  const done = linked
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        const link = doc.createElement("link");
        link.rel = "stylesheet";
        link.href = href;
        link.addEventListener("load", () => resolve(), { once: true });
        link.addEventListener("error", () => resolve(), { once: true });
        doc.head.append(link);
      });
  loading.set(href, done);
  return done;
}
