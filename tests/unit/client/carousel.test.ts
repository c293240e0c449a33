import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { startCarousels } from "../../../src/client/carousel.ts";

/**
 * The carousel's controls (src/client/carousel.ts) on a fake page and a fake clock: elements are EventTargets with the
 * few properties the script reads, slides 100 px apart after
 * the strip's 24 px padding; the observers are captured so a test says when the carousel
 * comes into view.
 */
class FakeElement extends EventTarget {
  dataset: Record<string, string | undefined> = {};
  attributes = new Map<string, string>();
  children: FakeElement[] = [];
  className = "";
  type = "";
  hidden = false;
  isConnected = true;
  offsetLeft = 0;
  scrollLeft = 0;
  scrollWidth = 0;
  clientWidth = 0;
  scrolls: { left: number; behavior: string }[] = [];
  queries: Record<string, () => FakeElement[]> = {};
  appendChild(child: FakeElement) {
    this.children.push(child);
    return child;
  }
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  removeAttribute(name: string) {
    this.attributes.delete(name);
  }
  toggleAttribute(name: string, on: boolean) {
    if (on) this.attributes.set(name, "");
    else this.attributes.delete(name);
  }
  querySelector(selector: string) {
    return this.queries[selector]?.()[0] ?? null;
  }
  querySelectorAll(selector: string) {
    return this.queries[selector]?.() ?? [];
  }
  contains(node: unknown): boolean {
    return node === this || this.children.some((child) => child.contains(node));
  }
  scrollTo({ left, behavior }: { left: number; behavior: string }) {
    this.scrolls.push({ left, behavior });
    this.scrollLeft = left;
  }
  click() {
    this.dispatchEvent(new Event("click"));
  }
}

let inView: (entries: { isIntersecting: boolean }[]) => void;
let resized: () => void;
const page = new EventTarget();

function fakeCarousel({ slides = 3, perView = 1, dots = true, arrows = true, reduced = false, loaded = true } = {}) {
  const slideList = Array.from({ length: slides }, (_, i) =>
    Object.assign(new FakeElement(), { offsetLeft: 24 + 100 * i }),
  );
  const viewport = Object.assign(new FakeElement(), { children: slideList, scrollWidth: 100 * slides });
  viewport.clientWidth = 100 * perView;
  viewport.queries[".carousel__slide"] = () => slideList;
  const controls = new FakeElement();
  const root = new FakeElement();
  root.children = [viewport, controls];
  root.dataset = { slideName: "photo", delay: "5000", ...(dots && { dots: "" }), ...(arrows && { arrows: "" }) };
  root.queries[".carousel__viewport"] = () => [viewport];
  root.queries[".carousel__controls"] = () => [controls];
  root.queries["[data-step]"] = () => controls.children.filter((child) => child.dataset.step !== undefined);
  const doc = Object.assign(new FakeElement(), { readyState: loaded ? "complete" : "loading" });
  doc.queries[".carousel"] = () => [root];
  vi.stubGlobal("document", Object.assign(doc, { createElement: () => new FakeElement() }));
  vi.stubGlobal("matchMedia", () => ({ matches: reduced }));
  startCarousels(doc as unknown as Document);
  const dotList = controls.children.find((child) => child.className === "carousel__dots")?.children ?? [];
  const arrow = (label: string) => controls.children.find((child) => child.attributes.get("aria-label") === label);
  const current = () => dotList.findIndex((dot) => dot.attributes.get("aria-current") === "true") + 1;
  return { root, viewport, controls, dots: dotList, arrow, current, doc };
}

describe("the carousel", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        constructor(callback: typeof inView) {
          inView = callback;
        }
        observe() {}
      },
    );
    vi.stubGlobal(
      "ResizeObserver",
      class {
        constructor(callback: typeof resized) {
          resized = callback;
        }
        observe() {}
      },
    );
    vi.stubGlobal("addEventListener", page.addEventListener.bind(page));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  test("makes a named dot per slide between the previous and next arrows, the first dot current", () => {
    const { controls, dots, current } = fakeCarousel();
    expect(controls.children.map((child) => child.className)).toEqual([
      "carousel__arrow",
      "carousel__dots",
      "carousel__arrow",
    ]);
    expect(controls.children.map((child) => child.attributes.get("aria-label"))).toEqual([
      "Previous photo",
      undefined,
      "Next photo",
    ]);
    expect(dots.map((dot) => [dot.type, dot.attributes.get("aria-label")])).toEqual([
      ["button", "Go to photo 1 of 3"],
      ["button", "Go to photo 2 of 3"],
      ["button", "Go to photo 3 of 3"],
    ]);
    expect(current()).toBe(1);
  });

  test("makes only the controls the carousel asks for, once however often it is started", () => {
    const { controls, doc } = fakeCarousel({ dots: false });
    startCarousels(doc as unknown as Document);
    expect(controls.children.map((child) => child.className)).toEqual(["carousel__arrow", "carousel__arrow"]);
    expect(fakeCarousel({ arrows: false }).controls.children.map((child) => child.className)).toEqual([
      "carousel__dots",
    ]);
    const broken = fakeCarousel();
    broken.root.dataset.ready = undefined;
    broken.root.queries[".carousel__controls"] = () => [];
    startCarousels(broken.doc as unknown as Document); // markup without its controls' row is left as it is
    expect(broken.controls.children).toHaveLength(3);
  });

  test("once in view, moves on every data-delay ms and loops back to the first slide", () => {
    const { root, viewport, current } = fakeCarousel();
    vi.advanceTimersByTime(20_000);
    expect(viewport.scrolls).toEqual([]); // out of view until the observer says otherwise
    inView([{ isIntersecting: true }]);
    expect(root.attributes.has("data-playing")).toBe(true);
    vi.advanceTimersByTime(4999);
    expect(viewport.scrolls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(viewport.scrolls).toEqual([{ left: 100, behavior: "smooth" }]);
    expect(current()).toBe(2);
    vi.advanceTimersByTime(10_000);
    expect(viewport.scrolls.map(({ left }) => left)).toEqual([100, 200, 0]);
    expect(current()).toBe(1);
    inView([{ isIntersecting: false }]);
    vi.advanceTimersByTime(20_000);
    expect(viewport.scrolls).toHaveLength(3);
    expect(root.attributes.has("data-playing")).toBe(false);
  });

  test("pauses while the pointer or keyboard focus is inside, until focus leaves the carousel", () => {
    const { root, viewport } = fakeCarousel();
    inView([{ isIntersecting: true }]);
    root.dispatchEvent(new Event("pointerenter"));
    vi.advanceTimersByTime(20_000);
    root.dispatchEvent(new Event("pointerleave"));
    root.dispatchEvent(new Event("focusin"));
    vi.advanceTimersByTime(20_000);
    expect(viewport.scrolls).toEqual([]);
    expect(root.attributes.has("data-playing")).toBe(false);
    // Tabbing from a dot to the next one keeps focus inside.
    root.dispatchEvent(Object.assign(new Event("focusout"), { relatedTarget: viewport }));
    vi.advanceTimersByTime(20_000);
    expect(viewport.scrolls).toEqual([]);
    root.dispatchEvent(Object.assign(new Event("focusout"), { relatedTarget: null }));
    vi.advanceTimersByTime(5000);
    expect(viewport.scrolls).toHaveLength(1);
  });

  test("waits for the page's load before it plays", () => {
    const { viewport } = fakeCarousel({ loaded: false });
    inView([{ isIntersecting: true }]);
    vi.advanceTimersByTime(20_000);
    expect(viewport.scrolls).toEqual([]);
    page.dispatchEvent(new Event("load"));
    vi.advanceTimersByTime(5000);
    expect(viewport.scrolls).toHaveLength(1);
  });

  test("stops playing once its page is swapped out", () => {
    const { root, viewport } = fakeCarousel();
    inView([{ isIntersecting: true }]);
    root.isConnected = false;
    vi.advanceTimersByTime(30_000); // the step already counting down is the last
    expect(viewport.scrolls).toHaveLength(1);
    expect(root.attributes.has("data-playing")).toBe(false);
  });

  test("with reduced motion never moves by itself, and a click jumps without animation", () => {
    const { viewport, dots } = fakeCarousel({ reduced: true });
    inView([{ isIntersecting: true }]);
    vi.advanceTimersByTime(20_000);
    expect(viewport.scrolls).toEqual([]);
    dots[2]?.click();
    expect(viewport.scrolls).toEqual([{ left: 200, behavior: "instant" }]);
  });

  test("a dot goes to its slide; the arrows step and wrap around", () => {
    const { viewport, dots, arrow, current } = fakeCarousel();
    dots[1]?.click();
    expect(current()).toBe(2);
    arrow("Next photo")?.click();
    arrow("Next photo")?.click();
    expect(current()).toBe(1);
    arrow("Previous photo")?.click();
    expect(viewport.scrolls.map(({ left }) => left)).toEqual([100, 200, 0, 200]);
    expect(current()).toBe(3);
    expect(dots.filter((dot) => dot.attributes.has("aria-current"))).toHaveLength(1);
  });

  test("a visitor's swipe makes the slide nearest the left edge current, but not our own scroll on its way", () => {
    const { viewport, dots, current } = fakeCarousel();
    viewport.scrollLeft = 140;
    viewport.dispatchEvent(new Event("scroll"));
    expect(current()).toBe(2);
    viewport.scrollLeft = 160;
    viewport.dispatchEvent(new Event("scroll"));
    expect(current()).toBe(3);
    dots[0]?.click(); // scrolls smoothly from 200 towards 0, past slide 2
    viewport.scrollLeft = 100;
    viewport.dispatchEvent(new Event("scroll"));
    expect(current()).toBe(1);
    viewport.scrollLeft = 0;
    viewport.dispatchEvent(new Event("scroll"));
    viewport.scrollLeft = 100;
    viewport.dispatchEvent(new Event("scroll"));
    expect(current()).toBe(2);
  });

  test("with two slides in view, shows a dot only per position the strip can stop at", () => {
    const { viewport, dots, arrow } = fakeCarousel({ perView: 2 });
    expect(dots.map((dot) => dot.hidden)).toEqual([false, false, false]); // nothing measured before it is seen
    inView([{ isIntersecting: true }]);
    expect(dots.map((dot) => dot.hidden)).toEqual([false, false, true]);
    expect(dots[1]?.attributes.get("aria-label")).toBe("Go to photo 2 of 2");
    arrow("Previous photo")?.click();
    expect(viewport.scrolls.map(({ left }) => left)).toEqual([100]);
    viewport.clientWidth = 100; // the window grew narrower: one slide per view
    resized();
    expect(dots.map((dot) => dot.hidden)).toEqual([false, false, false]);
  });
});

test("home's page module starts the page's carousels and product explorer as it loads", async () => {
  const asked: string[] = [];
  vi.stubGlobal("document", {
    querySelectorAll: (selector: string) => {
      asked.push(selector);
      return [];
    },
  });
  vi.stubGlobal("navigator", {});
  vi.resetModules();
  await import("../../../src/client/home.ts");
  vi.unstubAllGlobals();
  expect(asked).toEqual([".carousel", ".explorer[data-panels]"]);
});
