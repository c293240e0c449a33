import { type ConnectionFacts, mayFetchAhead } from "../lib/connection.ts";
import { ISLANDS_ADDED_EVENT } from "./island-runtime.ts";

/**
 * Home's product explorer (src/components/home/product-explorer.tsx; part of home's page module, src/client/home.ts):
 * the page holds the chosen product's panel only;
 * choosing another product in the list puts that product's panel in its place, from one file of every panel
 * (`data-panels`) fetched once when a pointer reaches the explorer, or on a touch screen as it nears the screen, so a
 * choice rarely waits for the network; on Save-Data or 2g (mayFetchAhead), only once a choice asks for it.
 */
export function startExplorers(doc: Document): void {
  const connection = (navigator as Navigator & { connection?: ConnectionFacts }).connection;
  const ahead = mayFetchAhead(connection);
  for (const explorer of doc.querySelectorAll<HTMLElement>(".explorer[data-panels]")) {
    if (started.has(explorer)) continue;
    started.add(explorer);
    startOne(explorer, ahead);
  }
}

/** The explorers started already: a page swapped in starts the module's page once on import, once by the swap. */
const started = new WeakSet<Element>();

type Panels = Record<string, string>;

/** @param ahead whether the panels may be fetched before a choice (not on Save-Data or 2g: then on the first choice) */
function startOne(explorer: HTMLElement, ahead: boolean): void {
  const panels = explorer.querySelector<HTMLElement>(".explorer__panels");
  const url = explorer.dataset.panels;
  if (!panels || !url) return;

  let loading: Promise<Panels> | undefined;
  const load = () => {
    loading ??= fetch(url).then(async (response) => {
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return (await response.json()) as Panels;
    });
    // A failed fetch is tried again on the next choice.
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };

  // Where a pointer hovers, reaching for the list is sign enough and comes before the click: nothing is fetched for
  // a visitor who only scrolls past. A finger gives no sign before its tap, so there it is fetched as the list nears.
  if (ahead && matchMedia("(hover: hover)").matches) {
    const reach = () => {
      explorer.removeEventListener("pointerover", reach);
      explorer.removeEventListener("focusin", reach);
      load().catch((error: unknown) => console.warn("[explorer] panels not fetched ahead", error));
    };
    explorer.addEventListener("pointerover", reach, { passive: true });
    explorer.addEventListener("focusin", reach, { passive: true });
  } else if (ahead && "IntersectionObserver" in window) {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        load().catch((error: unknown) => console.warn("[explorer] panels not fetched ahead", error));
      },
      { rootMargin: "50% 0px" },
    );
    observer.observe(explorer);
  }

  explorer.addEventListener("change", async (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.type !== "radio") return;
    panels.setAttribute("aria-busy", "true");
    try {
      const html = (await load())[input.value];
      // A later choice wins over a slower earlier one.
      if (!input.checked || html === undefined) return;
      const template = document.createElement("template");
      template.innerHTML = html;
      panels.replaceChildren(template.content);
      // The loader arms the islands of the panel (a product sold directly brings its inquiry form in its panel).
      panels.dispatchEvent(new Event(ISLANDS_ADDED_EVENT, { bubbles: true }));
    } catch (error) {
      // The product's own page has every detail the panel would show.
      console.warn("[explorer] panel not loaded; opening the product's page", error);
      location.assign(`/products/${encodeURIComponent(input.value)}`);
    } finally {
      if (input.checked) panels.removeAttribute("aria-busy");
    }
  });
}
