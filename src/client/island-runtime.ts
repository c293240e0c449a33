/**
 * The island runtime behind src/client/loader.ts, kept free of page globals so its rules can be tested with small
 * fakes: when each island wakes (its trigger), what happens to the visitor's clicks and submits before it is awake
 * (held, then replayed once, or released if it fails), what a failed island leaves behind (its server HTML, plus
 * any `[data-island-fallback]` notice it rendered hidden, revealed), and which code is fetched ahead.
 *
 * Fetching ahead (no code fetched that the visitor is not heading to). An island marked `data-prefetch` has
 * its code fetched, not run, only when all of these hold:
 * - the page is idle after its load, and shown (a prerendered page waits for its activation);
 * - the connection allows it: no Save-Data, not 2g or slow-2g (src/lib/connection.ts);
 * - the island is still asleep (an awake one is loading its code already);
 * - the visitor is heading to it. An island in the page (a lead form) is heading-to once it is on screen (or within
 *   the margin `whenVisible` watches), now or when scrolled there, and someone is at the page: a pointer moved, the
 *   page scrolled, a key or a finger went down. A page nobody touches (a background tab, a crawler) fetches nothing
 *   ahead: the form's own trigger (hover, focus) would load its code on the first reach anyway, long before a submit.
 *   An island inside a closed dialog (the search, a purchase form) is one tap away only once the visitor reaches for
 *   a control that opens that dialog: a mouse over it or focus on it (already there when the page went idle counts).
 *   A control merely on screen does not count: the header's search control and a buy button are on the first screen
 *   of nearly every page, and fetching for them spent 75–99 KB, React among it, on every page view. A finger's tap
 *   needs no head start: its click opens the dialog natively and wakes the island, whose code then loads behind the
 *   open dialog.
 */
import { type ConnectionFacts, mayFetchAhead } from "../lib/connection.ts";

export interface MountOptions {
  prefix: string;
  clientOnly: boolean;
}

/** What an island entry chunk exports: mounts the island and resolves once React has committed it. */
export interface IslandEntry {
  default: (root: Element, props: Record<string, unknown>, options: MountOptions) => void | Promise<void>;
}

/** The page around the islands; src/client/loader.ts passes the browser's. */
export interface RuntimeEnv {
  /** Imports an island's entry chunk. */
  load(src: string): Promise<unknown>;
  /** Where `event:` triggers listen (the window). */
  events: EventTarget;
  /** Whether the page fired this event before the loader subscribed (src/client/island-events.ts). */
  fired(name: string): boolean;
  /** The URL's query string, for `query:` triggers. */
  search: string;
  /** Whether localStorage holds the key, for `stored:` triggers. */
  stored(key: string): boolean;
  /** Once the page is idle after its load, and shown. */
  whenIdle(wake: Wake): void;
  whenVisible(el: HTMLElement, wake: Wake): void;
  /** Once someone is at the page: a pointer moved, the page scrolled, a key or a finger went down. */
  whenPresent?(wake: Wake, signal?: AbortSignal): void;
  /** Once the visitor reaches (mouse over, focus) for a control that opens `dialog`, or is there already. */
  whenOpenerReached?(dialog: Element, wake: Wake): void;
  /** The visitor's connection, as far as the browser tells. */
  connection?(): ConnectionFacts | undefined;
  whenMedia(query: string, wake: Wake): void;
  log(message: string, error: unknown): void;
  /**
   * The page's lifetime: a page swapped out (src/client/page-swap.ts) ends it, and with it what its islands wait for
   * on the window (an event that never came, the first sign of someone), which would keep the page's body alive.
   */
  signal?: AbortSignal;
  /** Fetches a script into the cache at low priority without running it. */
  prefetch?(url: string): void;
}

type Wake = () => void;
type Trigger = (el: HTMLElement, wake: Wake, arg: string, env: RuntimeEnv) => void;

/** Set on the island element when its trigger fires and it is awake (after React committed) or has failed. */
export const HYDRATED_EVENT = "island:hydrated";
export const FAILED_EVENT = "island:failed";
/** Dispatched (bubbling) by a page module on an element it filled with islands, for the loader to arm them. */
export const ISLANDS_ADDED_EVENT = "site:islands";

/**
 * Controls whose click means nothing until the island is awake: held, then replayed. Links, fields and labels are
 * left alone: the browser already does what the visitor asked (follow, focus, type), awake or not.
 */
const HELD_CONTROLS =
  "button, summary, [role='button'], input[type='submit'], input[type='button'], input[type='image']";

/** Buttons the platform answers by itself (a dialog's close command, a popover's toggle): never held. */
const PLATFORM_CONTROLS = "[commandfor], [popovertarget]";

/**
 * A mouse reaching for the island, or focus entering it. A finger's touch is left out: a tap ends in a click (which
 * wakes any island, see hold), and the tap's own answer (a dialog opening natively) should reach the screen before
 * the island's download starts.
 */
const INTERACTION_EVENTS = ["pointerover", "focusin"] as const;

export const triggers: Record<string, Trigger> = {
  load: (_el, wake) => wake(),
  idle: (_el, wake, _arg, env) => env.whenIdle(wake),
  visible: (el, wake, _arg, env) => env.whenVisible(el, wake),
  // Hover, focus or touch: the visitor is reaching for it. (A click anywhere in any island also wakes it: see hold.)
  interaction: (el, wake) => {
    const start = (event: Event) => {
      if ((event as Partial<PointerEvent>).pointerType === "touch") return;
      for (const name of INTERACTION_EVENTS) el.removeEventListener(name, start);
      wake();
    };
    for (const name of INTERACTION_EVENTS) el.addEventListener(name, start, { passive: true });
  },
  // State kept in the URL (a shared filter link) must show at once; without it, wait for the visitor.
  query: (el, wake, names, env) => {
    const params = new URLSearchParams(env.search);
    if (names.split(",").some((name) => params.has(name))) wake();
    else triggers.interaction?.(el, wake, "", env);
  },
  // Likewise for a choice the visitor stored earlier (localStorage key).
  stored: (el, wake, key, env) => {
    if (env.stored(key)) wake();
    else triggers.interaction?.(el, wake, "", env);
  },
  // A window event the page fires when the island is first needed; one fired before we got here counts too.
  event: (_el, wake, name, env) => {
    if (env.fired(name)) wake();
    else env.events.addEventListener(name, wake, { once: true, signal: env.signal });
  },
  media: (_el, wake, query, env) => env.whenMedia(query, wake),
  // Only a click or submit inside it wakes it (see hold), never hover or focus: for code that must wait until used.
  click: () => {},
};

type Held =
  | { kind: "click"; control: HTMLElement }
  | { kind: "submit"; form: HTMLFormElement; submitter: HTMLElement | null };

/**
 * Until the island is awake, holds the visitor's click on a control and any form submit inside it (a dormant form
 * would otherwise submit itself natively, putting what they typed into the URL and losing it), and wakes the island
 * whatever its trigger. Once awake, the latest held action is replayed once. If the island fails, a held click is
 * released to the control's own default action; a form with an `action` may then submit natively, one without
 * stays blocked while the island's fallback notice tells the visitor how else to reach us.
 */
export function hold(el: HTMLElement, wake: Wake): void {
  let held: Held | undefined;
  let failed = false;

  const onClick = (event: Event) => {
    const target = event.target as Element | null;
    const control = target?.closest?.<HTMLElement>(HELD_CONTROLS);
    wake();
    if (!control || !el.contains(control) || control.matches(PLATFORM_CONTROLS)) return;
    event.preventDefault();
    event.stopPropagation();
    held = { kind: "click", control };
  };
  const onSubmit = (event: Event) => {
    const form = event.target as HTMLFormElement;
    if (failed && form.hasAttribute("action")) return;
    event.preventDefault();
    event.stopPropagation();
    if (failed) {
      el.querySelector("[data-island-fallback]")?.scrollIntoView({ block: "nearest" });
      return;
    }
    held = { kind: "submit", form, submitter: (event as SubmitEvent).submitter ?? null };
    wake();
  };
  el.addEventListener("click", onClick, { capture: true });
  el.addEventListener("submit", onSubmit, { capture: true });

  const settle = (awake: boolean) => {
    el.removeEventListener("click", onClick, { capture: true });
    if (awake) el.removeEventListener("submit", onSubmit, { capture: true });
    failed = !awake;
    const action = held;
    held = undefined;
    if (action?.kind === "click") action.control.click();
    else if (action?.kind === "submit" && (awake || action.form.hasAttribute("action"))) {
      action.form.requestSubmit(action.submitter);
    }
  };
  el.addEventListener(HYDRATED_EVENT, () => settle(true), { once: true });
  el.addEventListener(FAILED_EVENT, () => settle(false), { once: true });
}

/**
 * Imports the island's chunk and mounts it; marks the element `data-hydrated` once React has committed, or
 * `data-failed` (revealing its fallback notices) when anything goes wrong. Never throws.
 */
export async function hydrateIsland(el: HTMLElement, env: RuntimeEnv): Promise<void> {
  const id = el.dataset.island ?? "?";
  try {
    const root = el.querySelector(":scope > island-root");
    const json = el.querySelector(":scope > script[type='application/json']")?.textContent ?? "{}";
    if (!root || !el.dataset.src) throw new Error("island markup is incomplete");
    const entry = (await env.load(el.dataset.src)) as Partial<IslandEntry> | undefined;
    if (typeof entry?.default !== "function") throw new Error(`${el.dataset.src} has no default export to mount`);
    await entry.default(root, JSON.parse(json), {
      prefix: el.dataset.prefix ?? "",
      clientOnly: "clientOnly" in el.dataset,
    });
    el.setAttribute("data-hydrated", "");
    el.dispatchEvent(new Event(HYDRATED_EVENT));
  } catch (error) {
    env.log(`[island ${id}]`, error);
    el.setAttribute("data-failed", "");
    for (const notice of el.querySelectorAll<HTMLElement>("[data-island-fallback]")) notice.hidden = false;
    el.dispatchEvent(new Event(FAILED_EVENT));
  }
}

/**
 * Arms every island: its clicks are held from now on, and it wakes when its trigger (`data-hydrate`) fires. Islands
 * marked `data-prefetch` (the chunk and what it imports) have their code fetched, not run, once the page is idle and
 * the visitor is heading to them (the rule is in this module's comment).
 */
export function startIslands(islands: Iterable<HTMLElement>, env: RuntimeEnv): void {
  const dormant = new Set<HTMLElement>();
  for (const el of islands) {
    const [name = "visible", ...rest] = (el.dataset.hydrate ?? "visible").split(":");
    let started = false;
    dormant.add(el);
    const wake = () => {
      if (started) return;
      started = true;
      dormant.delete(el);
      void hydrateIsland(el, env);
    };
    hold(el, wake);
    (triggers[name] ?? triggers.visible)?.(el, wake, rest.join(":"), env);
  }
  const { prefetch, signal } = env;
  if (!prefetch) return;
  env.whenIdle(() => {
    if (signal?.aborted || !mayFetchAhead(env.connection?.())) return;
    const fetched = new Set<string>();
    for (const el of dormant) {
      const code = el.dataset.prefetch?.split(" ").filter(Boolean) ?? [];
      if (code.length === 0) continue;
      const fetchAhead = () => {
        if (!dormant.has(el)) return;
        for (const url of code) {
          if (!fetched.has(url)) prefetch(url);
          fetched.add(url);
        }
      };
      const dialog = el.closest("dialog");
      if (dialog) env.whenOpenerReached?.(dialog, fetchAhead);
      else if (env.whenPresent) env.whenPresent(() => env.whenVisible(el, fetchAhead), signal);
      else env.whenVisible(el, fetchAhead);
    }
  });
}

/**
 * Chooses the option named by a URL parameter in each `select[data-url-param]` (/installation?package=android), unless
 * the select no longer shows its server default: then the visitor, or the browser restoring the page, chose already.
 */
export function presetFromUrl(root: ParentNode, search: string): void {
  const params = new URLSearchParams(search);
  for (const select of root.querySelectorAll<HTMLSelectElement>("select[data-url-param]")) {
    const wanted = params.get(select.dataset.urlParam ?? "");
    const options = Array.from(select.options);
    const initial = options.find((option) => option.defaultSelected) ?? options[0];
    if (!wanted || select.value !== (initial?.value ?? "")) continue;
    if (options.some((option) => option.value === wanted)) select.value = wanted;
  }
}
