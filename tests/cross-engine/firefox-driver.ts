import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import puppeteer, { type Browser, type ElementHandle, type Page } from "puppeteer-core";
import { BidiFrame } from "puppeteer-core/internal/bidi/Frame.js";
import { BASE_URL, type EngineDriver, waitFor } from "./driver.ts";
import { describeQuery, LOCATOR_SCRIPT, type Query } from "./locate.ts";

/** Debian's firefox-esr, driven over WebDriver BiDi. */
const FIREFOX = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";

/** Starts one headless Firefox with a throw-away profile (CI runs as root, where the default profile is not usable). */
export async function launchFirefox(): Promise<EngineDriver> {
  const profile = await mkdtemp(path.join(os.tmpdir(), "cross-engine-firefox-"));
  const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: FIREFOX,
    headless: true,
    userDataDir: profile,
  });
  const page = await browser.newPage();
  return new FirefoxDriver(browser, page, async () => {
    await browser.close().catch(() => {});
    await rm(profile, { recursive: true, force: true });
  });
}

/** A tab, with what its page logged since its last goto and the viewport last set (each tab has its own). */
interface Tab {
  page: Page;
  errors: string[];
  pending: Promise<void>[];
  viewport: string;
}

class FirefoxDriver implements EngineDriver {
  readonly engine = "firefox";
  readonly touch = true;
  private readonly tabs = new Map<string, Tab>();
  private tab: Tab;
  private window = "1";
  private opened = 1;

  constructor(
    private readonly browser: Browser,
    page: Page,
    private readonly stop: () => Promise<void>,
  ) {
    this.tab = this.track(page);
    this.tabs.set(this.window, this.tab);
  }

  private get page() {
    return this.tab.page;
  }

  private track(page: Page): Tab {
    const tab: Tab = { page, errors: [], pending: [], viewport: "" };
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      // An Error argument prints as "JSHandle@error": read its name and message from the page instead.
      const text = Promise.all(
        message
          .args()
          .map((arg) =>
            arg
              .evaluate((value) => (value instanceof Error ? `${value.name}: ${value.message}` : String(value)))
              .catch(() => "?"),
          ),
      ).then(
        (parts) => parts.join(" "),
        () => message.text(),
      );
      tab.pending.push(text.then((resolved) => void tab.errors.push(resolved)));
    });
    page.on("pageerror", (error) => tab.errors.push(error instanceof Error ? error.message : String(error)));
    return tab;
  }

  private async locate(query: Query): Promise<ElementHandle<Element> | null> {
    const handle = await this.page.evaluateHandle(
      `(function () { ${LOCATOR_SCRIPT}; return __crossEngineLocate(${JSON.stringify(query)}); })()`,
    );
    const element = handle.asElement() as ElementHandle<Element> | null;
    if (!element) await handle.dispose();
    return element;
  }

  private element(query: Query): Promise<ElementHandle<Element>> {
    return waitFor(
      () => this.locate(query),
      () => `firefox: no visible ${describeQuery(query)}`,
    );
  }

  async goto(target: string) {
    // Through a blank page first: what the previous page logs while it unloads (Firefox rejects its pending fetches,
    // and the site logs that) is not this page's error.
    await this.page.goto("about:blank");
    await Promise.all(this.tab.pending);
    this.tab.errors = [];
    this.tab.pending = [];
    await this.page.goto(new URL(target, BASE_URL).href, { waitUntil: "load" });
    // Web fonts that swap in after load move things: a tap aimed before that could land beside its target.
    await this.page.evaluate("document.fonts.ready.then(() => true)");
  }

  async setViewport(width: number, height: number) {
    if (this.tab.viewport === `${width}x${height}`) return;
    this.tab.viewport = `${width}x${height}`;
    // Only WebDriver BiDi's browsingContext.setViewport, which every Firefox with BiDi knows: Puppeteer's
    // page.setViewport also sends emulation.setScreenOrientationOverride, which Firefox ESR 140 refuses.
    await this.context().setViewport({ viewport: { width, height } });
  }

  /** The tab's WebDriver BiDi browsing context, for the commands sent as they are, without Puppeteer's additions. */
  private context() {
    const frame = this.page.mainFrame();
    if (!(frame instanceof BidiFrame)) throw new Error("firefox: the page is not driven over WebDriver BiDi");
    return frame.browsingContext;
  }

  async click(query: Query) {
    const element = await this.element(query);
    await element.evaluate((el) => el.scrollIntoView({ block: "center" }));
    await element.click();
  }

  async tap(query: Query) {
    const element = await this.element(query);
    // Aimed once the element has stopped moving: a dialog that has just opened may still be sliding in.
    const [x, y] = await element.evaluate(async (el): Promise<[number, number]> => {
      el.scrollIntoView({ block: "center" });
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      let box = el.getBoundingClientRect();
      for (let settled = 0, frames = 0; settled < 2 && frames < 60; frames++) {
        await frame();
        const next = el.getBoundingClientRect();
        settled = next.x === box.x && next.y === box.y && next.width === box.width ? settled + 1 : 0;
        box = next;
      }
      return [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)];
    });
    // One touch sequence, then released, as the WebKit driver taps: Puppeteer's tap leaves the finger's input state
    // behind, and Firefox ESR 140 then makes no click of a later tap on a modal dialog's button.
    const context = this.context();
    await context.performActions([
      {
        type: "pointer",
        id: "finger",
        parameters: { pointerType: "touch" },
        actions: [
          { type: "pointerMove", x, y, origin: "viewport" },
          { type: "pointerDown", button: 0 },
          { type: "pointerUp", button: 0 },
        ],
      },
    ]);
    await context.releaseActions();
  }

  async focus(query: Query) {
    await (await this.element(query)).focus();
  }

  async type(query: Query, value: string) {
    await (await this.element(query)).type(value);
  }

  async select(query: Query, value: string) {
    await (await this.element(query)).select(value);
  }

  async press(key: "Enter" | "Escape" | "Tab" | "/") {
    await this.page.keyboard.press(key);
  }

  async isVisible(query: Query) {
    const element = await this.locate(query);
    await element?.dispose();
    return element !== null;
  }

  async text(query: Query) {
    const element = await this.locate(query);
    return element ? element.evaluate((el) => (el as HTMLElement).innerText) : undefined;
  }

  async attribute(query: Query, name: string) {
    const element = await this.locate({ ...query, hidden: true });
    return element ? element.evaluate((el, attribute) => el.getAttribute(attribute), name) : null;
  }

  evaluate<T>(expression: string) {
    return this.page.evaluate(expression) as Promise<T>;
  }

  async consoleErrors() {
    await Promise.all(this.tab.pending);
    return [...this.tab.errors];
  }

  async openWindow() {
    this.opened += 1;
    const handle = String(this.opened);
    // A window, not a tab: a tab behind another is a hidden page, and Firefox may slow a hidden page's timers.
    this.tabs.set(handle, this.track(await this.browser.newPage({ type: "window", background: true })));
    return handle;
  }

  async switchWindow(handle: string) {
    const tab = this.tabs.get(handle);
    if (!tab) throw new Error(`firefox: no window ${handle}`);
    const before = this.window;
    await tab.page.bringToFront();
    this.tab = tab;
    this.window = handle;
    return before;
  }

  async closeWindow(next: string) {
    const closing = this.window;
    await this.switchWindow(next);
    await this.tabs.get(closing)?.page.close();
    this.tabs.delete(closing);
  }

  close() {
    return this.stop();
  }
}
