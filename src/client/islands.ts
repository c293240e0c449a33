/**
 * The only script every page loads eagerly. It finds the islands in the page and, for each, waits for its trigger
 * before importing its chunk (and with it React). A failing island logs and leaves the server HTML working.
 */

type Wake = () => void;
type IslandEntry = {
  default: (root: Element, props: Record<string, unknown>, options: { prefix: string; clientOnly: boolean }) => void;
};

const triggers: Record<string, (el: HTMLElement, wake: Wake, arg: string) => void> = {
  load: (_el, wake) => wake(),
  idle: (_el, wake) => {
    const whenIdle = () =>
      "requestIdleCallback" in window ? requestIdleCallback(wake, { timeout: 3000 }) : setTimeout(wake, 200);
    if (document.readyState === "complete") whenIdle();
    else addEventListener("load", whenIdle, { once: true });
  },
  // The wrapper is display: contents and has no box, so its children are observed (as Astro's visible.ts does).
  visible: (el, wake) => {
    const targets = el.querySelector("island-root")?.children ?? [];
    if (!("IntersectionObserver" in window) || targets.length === 0) return wake();
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        wake();
      }
    }, { rootMargin: "200px" });
    for (const target of targets) observer.observe(target);
  },
  // Hover, focus or touch wakes the island; a click that arrived before hydration is replayed after it.
  interaction: (el, wake) => {
    let pendingClick: HTMLElement | undefined;
    const events = ["pointerover", "focusin", "touchstart"] as const;
    const start = () => {
      for (const name of events) el.removeEventListener(name, start);
      wake();
    };
    const holdClick = (event: Event) => {
      // Replay on the control itself: a click on an icon inside a button would not reach the button's handler.
      const target = event.target as Element;
      pendingClick = (target.closest("a, button, input, select, textarea, label, summary") ?? target) as HTMLElement;
      event.preventDefault();
      event.stopPropagation();
      start();
    };
    for (const name of events) el.addEventListener(name, start, { once: true, passive: true });
    el.addEventListener("click", holdClick, { capture: true, once: true });
    el.addEventListener(
      "island:hydrated",
      () => {
        el.removeEventListener("click", holdClick, { capture: true });
        pendingClick?.click();
      },
      { once: true },
    );
  },
  // State kept in the URL (a shared filter link) must show at once; without it, wait for the visitor.
  query: (el, wake, names) => {
    const params = new URLSearchParams(location.search);
    if (names.split(",").some((name) => params.has(name))) wake();
    else triggers.interaction?.(el, wake, "");
  },
  // Likewise for a choice the visitor stored earlier (localStorage key).
  stored: (el, wake, key) => {
    let stored = false;
    try {
      stored = localStorage.getItem(key) !== null;
    } catch {
      // Storage can be blocked; then there is nothing to restore.
    }
    if (stored) wake();
    else triggers.interaction?.(el, wake, "");
  },
  // Woken by a window event the page dispatches when the island is first needed (e.g. the first toast).
  event: (_el, wake, name) => addEventListener(name, wake, { once: true }),
  media: (_el, wake, query) => {
    const mql = matchMedia(query);
    if (mql.matches) wake();
    else mql.addEventListener("change", (event) => event.matches && wake(), { once: true });
  },
};

async function hydrate(el: HTMLElement): Promise<void> {
  const id = el.dataset.island ?? "?";
  try {
    const root = el.querySelector(":scope > island-root");
    const json = el.querySelector(":scope > script[type='application/json']")?.textContent ?? "{}";
    if (!root || !el.dataset.src) throw new Error("island markup is incomplete");
    const entry = (await import(el.dataset.src)) as IslandEntry;
    entry.default(root, JSON.parse(json), { prefix: el.dataset.prefix ?? "", clientOnly: "clientOnly" in el.dataset });
    el.setAttribute("data-hydrated", "");
    // Let React commit before a held click is replayed.
    requestAnimationFrame(() => el.dispatchEvent(new Event("island:hydrated")));
  } catch (error) {
    console.error(`[island ${id}]`, error);
  }
}

for (const el of document.querySelectorAll<HTMLElement>("site-island")) {
  const [name = "visible", ...rest] = (el.dataset.hydrate ?? "visible").split(":");
  const trigger = triggers[name] ?? triggers.visible;
  let started = false;
  trigger?.(el, () => {
    if (started) return;
    started = true;
    void hydrate(el);
  }, rest.join(":"));
}
