import { whenActivated } from "./activation.ts";

/**
 * The carousels' controls (src/components/shell/carousel.tsx), part of home's page module (src/client/home.ts, placed
 * after the last carousel, run once the page is parsed): it makes the dots and arrows, which scroll the CSS scroll-snap strip; autoplay every `data-delay`
 * ms loops back to the start, and pauses while the pointer or focus is inside or the carousel is out of view; with
 * reduced motion nothing moves by itself. Swipe, wheel and keyboard scrolling are the browser's own; the dots follow
 * them. Until it runs the slides are a strip that scrolls by itself, and the controls' row keeps their room, hidden.
 *
 * It reads no layout when it starts: the first state is slide 1 current and a dot for every slide, and the dots are
 * measured against the strip only once the carousel is on screen (the observer's first answer comes after a layout).
 */
const startCarousel = (root: HTMLElement) => {
  const viewport = root.querySelector<HTMLElement>(".carousel__viewport");
  const controls = root.querySelector<HTMLElement>(".carousel__controls");
  if (!viewport || !controls || root.dataset.ready !== undefined) return;
  const slides = [...viewport.querySelectorAll<HTMLElement>(".carousel__slide")];
  const still = matchMedia("(prefers-reduced-motion: reduce)");
  const dots = makeControls(root, controls, slides.length);
  let index = 0;
  let held = 12; // pointer inside (1), focus inside (2), out of view (4), page loading or not yet shown (8)
  let timer: ReturnType<typeof setTimeout> | undefined;
  let target: number | undefined; // the slide a scroll of ours is heading for; the dots ignore the way there

  const offset = (slide: HTMLElement | undefined) => (slide?.offsetLeft ?? 0) - (slides[0]?.offsetLeft ?? 0);
  // Positions a slide can start at: with several per view, the last ones never reach the left edge.
  const stops = () =>
    Math.max(1, slides.filter((slide) => offset(slide) <= viewport.scrollWidth - viewport.clientWidth + 1).length);
  const mark = () => {
    const count = stops();
    dots.forEach((dot, i) => {
      dot.hidden = i >= count;
      dot.setAttribute("aria-label", `Go to ${root.dataset.slideName} ${i + 1} of ${count}`);
      if (i === index) dot.setAttribute("aria-current", "true");
      else dot.removeAttribute("aria-current");
    });
  };
  const schedule = () => {
    clearTimeout(timer);
    // A page swapped out (src/client/page-swap.ts) takes its carousels with it: they stop there.
    const playing = !held && !still.matches && root.isConnected;
    if (playing) timer = setTimeout(() => go(index + 1), Number(root.dataset.delay));
    // Says when the countdown to the next slide runs (it waits until the carousel is in view); tests wait for it.
    root.toggleAttribute("data-playing", playing);
  };
  const go = (to: number) => {
    const count = stops();
    index = (to + count) % count;
    target = Math.abs(offset(slides[index]) - viewport.scrollLeft) > 1 ? index : undefined;
    viewport.scrollTo({ left: offset(slides[index]), behavior: still.matches ? "instant" : "smooth" });
    mark();
    schedule();
  };
  const hold = (flag: number, on: boolean) => {
    held = on ? held | flag : held & ~flag;
    schedule();
  };

  dots.forEach((dot, i) => {
    dot.addEventListener("click", () => go(i));
  });
  for (const arrow of root.querySelectorAll<HTMLElement>("[data-step]"))
    arrow.addEventListener("click", () => go(index + Number(arrow.dataset.step)));
  // A swipe or scroll by the visitor moves the dots too: the slide nearest the left edge is the current one.
  viewport.addEventListener(
    "scroll",
    () => {
      const distance = (i: number) => Math.abs(offset(slides[i]) - viewport.scrollLeft);
      if (target !== undefined) {
        if (distance(target) < 2) target = undefined;
        return;
      }
      const near = slides.reduce((best, _, i) => (distance(i) < distance(best) ? i : best), 0);
      if (near !== index && near < stops()) {
        index = near;
        mark();
      }
    },
    { passive: true },
  );
  root.addEventListener("pointerenter", () => hold(1, true));
  root.addEventListener("pointerleave", () => hold(1, false));
  root.addEventListener("focusin", () => hold(2, true));
  root.addEventListener("focusout", (event) => hold(2, root.contains(event.relatedTarget as Node | null)));
  holdUntilSeen(root, viewport, hold, mark);
  root.dataset.ready = "";
};

/**
 * Makes the arrows and dots. They are made here, not sent in the HTML: they do nothing without this script, and are
 * hidden until it runs (carousel.css), so the page sends an empty row of reserved height instead of a button per slide.
 */
function makeControls(root: HTMLElement, controls: HTMLElement, count: number): HTMLButtonElement[] {
  const name = root.dataset.slideName;
  const button = (parent: HTMLElement, className: string, label: string) => {
    const made = parent.appendChild(document.createElement("button"));
    made.type = "button";
    made.className = className;
    made.setAttribute("aria-label", label);
    return made;
  };
  const arrow = (step: number) => {
    if (root.dataset.arrows === undefined) return;
    button(controls, "carousel__arrow", `${step > 0 ? "Next" : "Previous"} ${name}`).dataset.step = String(step);
  };
  arrow(-1);
  const row = root.dataset.dots === undefined ? undefined : controls.appendChild(document.createElement("div"));
  if (row) row.className = "carousel__dots";
  const dots = row
    ? Array.from({ length: count }, (_, i) => button(row, "carousel__dot", `Go to ${name} ${i + 1} of ${count}`))
    : [];
  dots[0]?.setAttribute("aria-current", "true");
  arrow(1);
  return dots;
}

/**
 * Autoplay counts from the page's load, not its first paint, and from its activation when prerendered: no slide
 * moves while the page is still loading or before the visitor sees it.
 *
 * Off screen it waits: no scrolling, painting or image loading the visitor cannot see. The observer's first answer
 * comes after the first layout, so measuring then costs no extra layout; a resize of the strip measures again when
 * in view (observed on the strip, not the window: a window listener would keep a carousel swapped out alive).
 */
function holdUntilSeen(
  root: HTMLElement,
  viewport: HTMLElement,
  hold: (flag: number, on: boolean) => void,
  mark: () => void,
): void {
  let visible = false;
  let measured = false;
  const measure = () => {
    measured = visible;
    if (measured) mark();
  };
  new IntersectionObserver(([entry]) => {
    visible = entry?.isIntersecting === true;
    hold(4, !visible);
    if (!measured) measure();
  }).observe(root);
  new ResizeObserver(() => {
    if (measured) measure();
  }).observe(viewport);
  whenActivated(() => {
    if (document.readyState === "complete") hold(8, false);
    else addEventListener("load", () => hold(8, false), { once: true });
  });
}

/** Starts the carousels of the page in `doc` (src/client/home.ts: on import, and for a page swapped in). */
export function startCarousels(doc: Document): void {
  for (const root of doc.querySelectorAll<HTMLElement>(".carousel")) startCarousel(root);
}
