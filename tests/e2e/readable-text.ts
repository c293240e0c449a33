import type { Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import sharp from "sharp";
import { expect } from "./fixtures.ts";
import { animationsDone } from "./page-checks.ts";

/**
 * Text contrast where axe cannot tell: over a gradient, an image, a pseudo-element or another element, axe reports
 * "incomplete" and moves on (every hero, card and footer of this site). Here that text is measured on the pixels
 * actually drawn behind it: its text is made transparent, the screen is shot, and every pixel under each line of it is
 * compared with its colour (WCAG 2: 4.5:1, or 3:1 for large text). The worst pixel counts, so text that crosses a light
 * patch of a gradient fails even when its average is fine.
 */

/** One line box of a text element, in viewport pixels, and what its text must reach against each pixel under it. */
interface Probe {
  id: number;
  label: string;
  /** The text's colour, sRGB 0–255 and alpha 0–1. */
  color: [number, number, number, number];
  minimum: number;
  rects: { x: number; y: number; width: number; height: number }[];
}

/** Why axe could not tell (its color-contrast messageKey): a background it does not compute. */
const CANNOT_TELL = new Set(["bgGradient", "bgImage", "pseudoContent", "bgOverlap"]);

const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
const luminance = (r: number, g: number, b: number) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);

/** The lowest contrast of `probe`'s colour (blended by its alpha) against the pixels under its rects in `image`. */
function lowestContrast(probe: Probe, image: { data: Buffer; width: number; height: number }): number {
  const [r, g, b, a] = probe.color;
  let lowest = Number.POSITIVE_INFINITY;
  for (const rect of probe.rects) {
    const x0 = Math.max(0, Math.ceil(rect.x));
    const y0 = Math.max(0, Math.ceil(rect.y));
    const x1 = Math.min(image.width, Math.floor(rect.x + rect.width));
    const y1 = Math.min(image.height, Math.floor(rect.y + rect.height));
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++) {
        const i = (y * image.width + x) * 3;
        const [br, bg, bb] = [image.data[i] ?? 0, image.data[i + 1] ?? 0, image.data[i + 2] ?? 0];
        const text = luminance(a * r + (1 - a) * br, a * g + (1 - a) * bg, a * b + (1 - a) * bb);
        const back = luminance(br, bg, bb);
        const ratio = (Math.max(text, back) + 0.05) / (Math.min(text, back) + 0.05);
        if (ratio < lowest) lowest = ratio;
      }
  }
  return lowest;
}

/**
 * The text elements of the page whose contrast axe cannot tell (over a gradient, a picture, a pseudo-element or another
 * element), as selectors. Which they are depends on the page's structure, not its colours: both themes draw the same
 * gradients and pictures (src/styles/tokens.css changes their colours only), so one scan, in the light theme, serves
 * both. A gradient or picture drawn in the dark theme alone would need a scan of its own.
 */
export async function textAxeCannotTell(page: Page): Promise<string[]> {
  // axe works on timers: on a clock the test holds still (a screenshot test's), time is moved on in small steps until
  // it is done, as the real clock would.
  let scanned = false;
  const scan = new AxeBuilder({ page })
    .setLegacyMode(true)
    .withRules(["color-contrast"])
    .options({ resultTypes: ["incomplete"] })
    .analyze()
    .finally(() => {
      scanned = true;
    });
  while (!scanned) await page.clock.runFor(10);
  return (await scan).incomplete
    .flatMap((result) => result.nodes)
    .filter((node) => CANNOT_TELL.has(String(node.any[0]?.data?.messageKey)))
    .map((node) => String(node.target[0]));
}

/**
 * Every text element `selectors` names (textAxeCannotTell) reaches WCAG AA against every pixel drawn behind it, in the
 * page's current theme and width. Scrolls the page a screen at a time (each element is measured where it shows whole
 * and is not covered by another, such as the sticky header), and ends back at the top.
 */
export async function expectReadableText(page: Page, what: string, selectors: readonly string[]): Promise<void> {
  // A theme switched just now is still fading colours (transitions run on the real clock, not the held one): the
  // text's colour is read from its style, so it must be the one it ends at.
  await animationsDone(page);
  const failures: string[] = [];
  const measured = new Set<number>();
  const viewport = page.viewportSize() ?? { width: 390, height: 844 };
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  // Screens overlap by a quarter, so an element cut by one screen's edge or under the header shows whole in the next.
  for (let top = 0; top < height; top += Math.round(viewport.height * 0.75)) {
    const probes = await page.evaluate(
      ({ selectors, top, done }) => {
        window.scrollTo({ top, behavior: "instant" });
        const found: Probe[] = [];
        const paint = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
        if (!paint) throw new Error("no 2D canvas to read colours with");
        // What floats over the page (the floating contact button, its shadow), inflated by the reach of a shadow.
        const floating = [...document.body.querySelectorAll("*")]
          .filter((element) => getComputedStyle(element).position === "fixed" && element.checkVisibility())
          .map((element) => {
            const { left, top, right, bottom } = element.getBoundingClientRect();
            return { element, left: left - 24, top: top - 24, right: right + 24, bottom: bottom + 24 };
          });
        selectors.forEach((selector, id) => {
          if (done.includes(id)) return;
          const element = document.querySelector<HTMLElement>(selector);
          if (!element?.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return;
          const rects: Probe["rects"] = [];
          for (const node of element.childNodes) {
            if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const { x, y, width, height } of range.getClientRects()) rects.push({ x, y, width, height });
          }
          const whole = rects.every(
            (r) => r.y >= 0 && r.x >= 0 && r.y + r.height <= innerHeight && r.x + r.width <= innerWidth,
          );
          // Covered by something else (the sticky header, a floating button): measured on another screen, or not at all.
          const uncovered = rects.every((r) =>
            [0.05, 0.25, 0.5, 0.75, 0.95].every((along) => {
              const hit = document.elementFromPoint(r.x + r.width * along, r.y + r.height / 2);
              return hit !== null && (element === hit || element.contains(hit) || hit.contains(element));
            }),
          );
          const clear = rects.every((r) =>
            floating.every(
              (f) =>
                f.element.contains(element) ||
                r.x + r.width < f.left ||
                r.x > f.right ||
                r.y + r.height < f.top ||
                r.y > f.bottom,
            ),
          );
          if (rects.length === 0 || !whole || !uncovered || !clear) return;
          const style = getComputedStyle(element);
          // Through a canvas, so that any colour syntax the style computes to (rgb(), color(srgb …), oklch()) reads as RGBA.
          paint.clearRect(0, 0, 1, 1);
          paint.fillStyle = style.color;
          paint.fillRect(0, 0, 1, 1);
          const [r = 0, g = 0, b = 0, alpha = 255] = paint.getImageData(0, 0, 1, 1).data;
          const a = alpha / 255;
          if (a === 0) return; // text drawn by its background (background-clip: text): nothing to hide or compare
          const size = Number.parseFloat(style.fontSize);
          const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
          const text = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
          found.push({ id, label: `${selector} "${text}"`, color: [r, g, b, a], minimum: large ? 3 : 4.5, rects });
        });
        // The text and its underline made transparent, inline and !important: the page's CSP allows no <style>.
        for (const { id } of found)
          for (const element of [
            document.querySelector<HTMLElement>(selectors[id] ?? ""),
            ...document.querySelectorAll<HTMLElement>(`${selectors[id]} *`),
          ])
            if (element) {
              element.dataset.readableTextStyle = element.style.cssText;
              for (const property of ["color", "-webkit-text-fill-color", "text-decoration-color"])
                element.style.setProperty(property, "transparent", "important");
              element.style.setProperty("text-shadow", "none", "important");
            }
        return found;
      },
      { selectors, top, done: [...measured] },
    );
    if (probes.length === 0) continue;
    const shot = await page.screenshot({ animations: "disabled", caret: "hide" });
    const { data, info } = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    for (const probe of probes) {
      measured.add(probe.id);
      const lowest = lowestContrast(probe, { data, width: info.width, height: info.height });
      if (lowest < probe.minimum) failures.push(`${probe.label}: ${lowest.toFixed(2)}:1, needs ${probe.minimum}:1`);
    }
    await page.evaluate(() => {
      for (const element of document.querySelectorAll<HTMLElement>("[data-readable-text-style]")) {
        element.style.cssText = element.dataset.readableTextStyle ?? "";
        delete element.dataset.readableTextStyle;
      }
    });
  }
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  expect(failures, `${what}: text below WCAG AA contrast against what is drawn behind it`).toEqual([]);
}
