import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { Locator, Page, TestInfo } from "@playwright/test";
import sharp from "sharp";

/**
 * Screenshots compared with baselines in a way a browser update does not break and a broken page does not pass.
 * - The fonts are the project's (pinFonts), not the machine's.
 * - A part of a page is shot through a clip on whole pixels: the browser's own rounding of a fractional box moved
 *   the whole picture by a row between Chromium's headless shell and full browser.
 * - A full page may end one or two rows sooner or later (each build rounds a fractional page height its own way):
 *   the rows both have are compared, and the rest count as differing.
 * PICTURE_TOLERANCE was measured on Debian's full Chromium 150 and 156, which draw the pictures (playwright.config.ts,
 * "looks"; docs/architecture.md, "Tests"); a change to 5% of a page's pixels fails it (tests/unit/e2e/pictures.test.ts).
 */
export const PICTURE_TOLERANCE = {
  /** A pixel differs when one of its channels moves by more than this (of 255); antialiasing moves text edges less. */
  channel: 40,
  /** The share of pixels that may differ. */
  ratio: 0.01,
  /** How many rows a picture's height may differ by. */
  rows: 2,
};

export interface Comparison {
  pass: boolean;
  /** The share of pixels that differ (1 when the sizes cannot be compared). */
  ratio: number;
  /** Why it failed, in a sentence. */
  reason: string;
  /** Expected picture, faded, with differing pixels in red; only when the sizes are comparable. */
  diff?: Buffer;
}

type Raw = { data: Buffer; info: { width: number; height: number } };
const decode = (png: Buffer): Promise<Raw> => sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });

/** Compares two PNGs within `tolerance`. */
export async function comparePictures(
  actualPng: Buffer,
  expectedPng: Buffer,
  tolerance = PICTURE_TOLERANCE,
): Promise<Comparison> {
  const [actual, expected] = await Promise.all([decode(actualPng), decode(expectedPng)]);
  const size = (raw: Raw) => `${raw.info.width}×${raw.info.height}`;
  if (actual.info.width !== expected.info.width || Math.abs(actual.info.height - expected.info.height) > tolerance.rows)
    return { pass: false, ratio: 1, reason: `its size changed from ${size(expected)} to ${size(actual)} px` };
  const { width } = expected.info;
  const rows = Math.min(actual.info.height, expected.info.height);
  if (actual.info.height === expected.info.height && actual.data.equals(expected.data))
    return { pass: true, ratio: 0, reason: "" };
  const moved = (index: number) => {
    if (index >= width * rows * 4) return true;
    for (let channel = 0; channel < 3; channel++)
      if (Math.abs((actual.data[index + channel] ?? 0) - (expected.data[index + channel] ?? 0)) > tolerance.channel)
        return true;
    return false;
  };
  const pixels = width * expected.info.height;
  let differing = width * Math.max(0, actual.info.height - expected.info.height);
  for (let index = 0; index < pixels * 4; index += 4) if (moved(index)) differing++;
  const ratio = differing / (width * Math.max(actual.info.height, expected.info.height));
  if (ratio <= tolerance.ratio) return { pass: true, ratio, reason: "" };
  const diff = Buffer.alloc(pixels * 4);
  for (let index = 0; index < pixels * 4; index += 4) {
    const grey = Math.round(((expected.data[index] ?? 0) + (expected.data[index + 1] ?? 0)) / 2);
    diff.set(moved(index) ? [255, 0, 0, 255] : [grey, grey, grey, 64], index);
  }
  return {
    pass: false,
    ratio,
    reason: `${(ratio * 100).toFixed(2)}% of its pixels differ (${(tolerance.ratio * 100).toFixed(0)}% may)`,
    diff: await sharp(diff, { raw: { width, height: expected.info.height, channels: 4 } })
      .png()
      .toBuffer(),
  };
}

export interface PictureOptions {
  /** The whole page (the default), one part of it, a box of the page, or what the window shows. */
  of?: Locator | Box | "window";
  /** Covered with one colour before the shot (the footer's year). */
  mask?: Locator[];
}

/**
 * Shoots the page (or a part) and compares it with its baseline in looks.spec.ts-snapshots/. `--update-snapshots`
 * writes the baselines of pictures that no longer pass (`=all`: every one); a missing baseline is written and fails.
 */
export async function expectPicture(page: Page, info: TestInfo, name: string, options: PictureOptions = {}) {
  const shot = await takePicture(page, options);
  const baseline = info.snapshotPath(name, { kind: "screenshot" });
  const mode = info.config.updateSnapshots;
  const redraw = `look at the pictures attached, then redraw the baselines with \`npx playwright test tests/e2e/looks.spec.ts --update-snapshots\``;
  if (!existsSync(baseline)) {
    if (mode === "none") throw new Error(`${name}: no baseline at ${baseline}; ${redraw}`);
    await saveBaseline(baseline, shot);
    if (mode === "missing")
      throw new Error(`${name}: no baseline yet; wrote ${baseline}, look at it before committing`);
    return;
  }
  if (mode === "all") return saveBaseline(baseline, shot);
  const result = await comparePictures(shot, await readFile(baseline));
  if (result.pass) return;
  if (mode === "changed") return saveBaseline(baseline, shot);
  await info.attach(`${name}-actual`, { body: shot, contentType: "image/png" });
  if (result.diff) await info.attach(`${name}-diff`, { body: result.diff, contentType: "image/png" });
  throw new Error(`${name} does not look as it did: ${result.reason}. If the change is meant, ${redraw}`);
}

async function saveBaseline(file: string, png: Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, await sharp(png).png({ compressionLevel: 9, palette: false }).toBuffer());
}

type Box = { x: number; y: number; width: number; height: number };

/** The box on whole pixels, as large as needed to hold it. */
const wholePixels = (box: Box): Box => {
  const x = Math.floor(box.x);
  const y = Math.floor(box.y);
  return { x, y, width: Math.ceil(box.x + box.width) - x, height: Math.ceil(box.y + box.height) - y };
};

async function takePicture(page: Page, { of, mask }: PictureOptions): Promise<Buffer> {
  const settings = { animations: "disabled", caret: "hide", scale: "css", mask, timeout: 60_000 } as const;
  if (of === undefined) return page.screenshot({ ...settings, fullPage: true });
  if (of === "window") return page.screenshot(settings);
  if (!("boundingBox" in of)) return page.screenshot({ ...settings, fullPage: true, clip: wholePixels(of) });
  await of.scrollIntoViewIfNeeded();
  const box = await of.boundingBox();
  if (!box) throw new Error(`nothing to shoot: ${String(of)} is not shown`);
  return page.screenshot({ ...settings, clip: wholePixels(box) });
}

const require = createRequire(import.meta.url);

/** Debian's own faces, which its Chromium draws the site's system font stack with, bundled from @fontsource. */
const PINNED_FONTS = [
  {
    family: "Pinned Sans",
    variable: "--font-sans",
    sheets: ["@fontsource/dejavu-sans/400.css", "@fontsource/dejavu-sans/700.css"],
  },
  {
    family: "Pinned Mono",
    variable: "--font-mono",
    sheets: ["@fontsource/noto-sans-mono/400.css", "@fontsource/noto-sans-mono/700.css"],
  },
];
const FONT_ROUTE = "/__pinned-fonts/";

/**
 * Draws the page with the project's bundled fonts instead of the machine's, from the first paint: the site's font
 * variables point at them, served on the site's own origin (its Content-Security-Policy allows fonts from 'self').
 */
export async function pinFonts(page: Page): Promise<void> {
  const folders = new Map<string, string>();
  let css = "";
  for (const { family, variable, sheets } of PINNED_FONTS) {
    for (const sheet of sheets) {
      const file = require.resolve(sheet);
      const prefix = path.basename(path.dirname(file));
      folders.set(prefix, path.join(path.dirname(file), "files"));
      css += (await readFile(file, "utf8"))
        .replace(/font-family: '[^']+'/g, `font-family: '${family}'`)
        .replace(/url\(\.\/files\//g, `url(${FONT_ROUTE}${prefix}/`);
    }
    css += `:root { ${variable}: "${family}"; }\n`;
  }
  await page.route(`**${FONT_ROUTE}**`, (route) => {
    const [prefix = "", name = ""] = new URL(route.request().url()).pathname.slice(FONT_ROUTE.length).split("/");
    const folder = folders.get(prefix);
    return folder && /^[\w-]+\.woff2?$/.test(name)
      ? route.fulfill({ path: path.join(folder, name), contentType: `font/${path.extname(name).slice(1)}` })
      : route.fulfill({ status: 404 });
  });
  await page.addInitScript((text) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }, css);
}
