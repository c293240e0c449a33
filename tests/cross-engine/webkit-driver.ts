import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { Builder, Capabilities, Key, type WebDriver, type WebElement } from "selenium-webdriver";
import { Command, Name } from "selenium-webdriver/lib/command.js";
import { BASE_URL, type EngineDriver, waitFor } from "./driver.ts";
import { describeQuery, LOCATOR_SCRIPT, type Query } from "./locate.ts";
import { startXvfb } from "./xvfb.ts";

/** Debian's WebKitGTK: the driver, and the MiniBrowser it automates (webkit2gtk-driver, libwebkit2gtk-4.1-0). */
const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? "/usr/bin/WebKitWebDriver";
const MINIBROWSER = process.env.WEBKIT_BROWSER_PATH ?? "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";

const KEYS = { Enter: Key.ENTER, Escape: Key.ESCAPE, Tab: Key.TAB, "/": "/" } as const;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer().once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });

/** WebKitWebDriver answering on `port`. */
async function startDriver(port: number, display: string): Promise<ChildProcess> {
  const driver = spawn(WEBKIT_DRIVER, [`--port=${port}`], {
    env: { ...process.env, DISPLAY: display },
    stdio: "ignore",
  });
  await waitFor(
    () => fetch(`http://127.0.0.1:${port}/status`).then((response) => response.ok),
    () => `${WEBKIT_DRIVER} did not answer on port ${port}`,
  );
  return driver;
}

/** Starts Xvfb, WebKitWebDriver and one MiniBrowser session, reused by every journey. */
export async function launchWebKit(): Promise<EngineDriver> {
  const xvfb = await startXvfb();
  const port = await freePort();
  const service = await startDriver(port, xvfb.display).catch((error: unknown) => {
    xvfb.process.kill();
    throw error;
  });
  const capabilities = new Capabilities({
    browserName: "MiniBrowser",
    "webkitgtk:browserOptions": { binary: MINIBROWSER, args: ["--automation"] },
  });
  const driver = await new Builder().usingServer(`http://127.0.0.1:${port}`).withCapabilities(capabilities).build();
  return new WebKitDriver(driver, await driver.getWindowHandle(), () => {
    service.kill();
    xvfb.process.kill();
  });
}

class WebKitDriver implements EngineDriver {
  readonly engine = "webkit";
  readonly touch = true;
  /** The size last set, per window: each window has its own. */
  private viewports = new Map<string, string>();

  constructor(
    private readonly driver: WebDriver,
    /** The handle of the window in use. */
    private window: string,
    private readonly stop: () => void,
  ) {}

  private locate(query: Query): Promise<WebElement | null> {
    return this.driver.executeScript(`${LOCATOR_SCRIPT}; return __crossEngineLocate(arguments[0]);`, query);
  }

  private async element(query: Query): Promise<WebElement> {
    return waitFor(
      () => this.locate(query),
      () => `webkit: no visible ${describeQuery(query)}`,
    );
  }

  async goto(path: string) {
    await this.driver.get(new URL(path, BASE_URL).href);
    // Web fonts that swap in after load move things: a tap aimed before that could land beside its target.
    await this.driver.executeScript("return document.fonts.ready.then(() => true);");
  }

  async setViewport(width: number, height: number) {
    if (this.viewports.get(this.window) === `${width}x${height}`) return;
    this.viewports.set(this.window, `${width}x${height}`);
    // The window's rect includes MiniBrowser's chrome: size it, then add what the chrome took.
    const window = this.driver.manage().window();
    await window.setRect({ width, height });
    const inner = await this.driver.executeScript<[number, number]>("return [innerWidth, innerHeight];");
    if (inner[0] !== width || inner[1] !== height)
      await window.setRect({ width: 2 * width - inner[0], height: 2 * height - inner[1] });
  }

  async click(query: Query) {
    const element = await this.element(query);
    await this.driver.executeScript("arguments[0].scrollIntoView({ block: 'center' });", element);
    await element.click();
  }

  async tap(query: Query) {
    const element = await this.element(query);
    const [x, y] = await this.driver.executeScript<[number, number]>(
      "arguments[0].scrollIntoView({ block: 'center' }); const r = arguments[0].getBoundingClientRect(); return [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)];",
      element,
    );
    const finger = {
      type: "pointer",
      id: "finger",
      parameters: { pointerType: "touch" },
      actions: [
        { type: "pointerMove", x, y, origin: "viewport", duration: 0 },
        { type: "pointerDown", button: 0 },
        { type: "pointerUp", button: 0 },
      ],
    };
    await this.driver.execute(new Command(Name.ACTIONS).setParameter("actions", [finger]));
    await this.driver.execute(new Command(Name.CLEAR_ACTIONS));
  }

  async focus(query: Query) {
    await this.driver.executeScript("arguments[0].focus();", await this.element(query));
  }

  async type(query: Query, value: string) {
    await (await this.element(query)).sendKeys(value);
  }

  async select(query: Query, value: string) {
    await this.driver.executeScript(SELECT_SCRIPT, await this.element(query), value);
  }

  async press(key: keyof typeof KEYS) {
    await this.driver.actions().keyDown(KEYS[key]).keyUp(KEYS[key]).perform();
  }

  async isVisible(query: Query) {
    return (await this.locate(query)) !== null;
  }

  async text(query: Query) {
    const element = await this.locate(query);
    return element ? this.driver.executeScript<string>("return arguments[0].innerText;", element) : undefined;
  }

  async attribute(query: Query, name: string) {
    const element = await this.locate({ ...query, hidden: true });
    return element
      ? this.driver.executeScript<string | null>("return arguments[0].getAttribute(arguments[1]);", element, name)
      : null;
  }

  evaluate<T>(expression: string) {
    return this.driver.executeScript<T>(`return (${expression});`);
  }

  /** WebDriver classic has no console log in WebKitGTK: not checked in this engine. */
  async consoleErrors() {
    return undefined;
  }

  async openWindow() {
    // A window, not a tab: a tab behind another is a hidden page, and WebKit may slow a hidden page's timers.
    await this.driver.switchTo().newWindow("window");
    const handle = await this.driver.getWindowHandle();
    await this.driver.switchTo().window(this.window);
    return handle;
  }

  async switchWindow(handle: string) {
    const before = this.window;
    await this.driver.switchTo().window(handle);
    this.window = handle;
    return before;
  }

  async closeWindow(next: string) {
    await this.driver.close();
    this.viewports.delete(this.window);
    await this.switchWindow(next);
  }

  async close() {
    await this.driver.quit().catch(() => {});
    this.stop();
  }
}

/** Chooses an option the way a visitor's choice ends: value set, then input and change events. */
export const SELECT_SCRIPT =
  "const [select, value] = arguments; select.value = value; select.dispatchEvent(new Event('input', { bubbles: true })); select.dispatchEvent(new Event('change', { bubbles: true }));";
