import { type ConnectionFacts, mayFetchAhead } from "../lib/connection.ts";

/**
 * Home's product explorer (src/components/home/product-explorer.tsx): the page holds the chosen product's panel only;
 * choosing another product in the list puts that product's panel in its place, from one file of every panel
 * (`data-panels`) fetched once as the explorer nears the screen, so a choice rarely waits for the network; on Save-Data
 * or 2g (mayFetchAhead), only once a choice asks for it.
 */
export function startExplorer(
  doc: Document,
  connection: ConnectionFacts | undefined,
  /** Wakes the islands of a panel just put in place (a product sold directly brings its inquiry form in its panel). */
  wakeIslands: (islands: Iterable<HTMLElement>) => void,
): void {
  const ahead = mayFetchAhead(connection);
  for (const explorer of doc.querySelectorAll<HTMLElement>(".explorer[data-panels]"))
    startOne(explorer, ahead, wakeIslands);
}

type Panels = Record<string, string>;

/** @param ahead whether the panels may be fetched before a choice (not on Save-Data or 2g: then on the first choice) */
function startOne(explorer: HTMLElement, ahead: boolean, wakeIslands: (islands: Iterable<HTMLElement>) => void): void {
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

  if (ahead && "IntersectionObserver" in window) {
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
      wakeIslands(panels.querySelectorAll<HTMLElement>("site-island"));
    } catch (error) {
      // The product's own page has every detail the panel would show.
      console.warn("[explorer] panel not loaded; opening the product's page", error);
      location.assign(`/products/${encodeURIComponent(input.value)}`);
    } finally {
      if (input.checked) panels.removeAttribute("aria-busy");
    }
  });
}
