import { describeQuery, type Query } from "./locate.ts";

/**
 * The few operations the journeys need, one adapter per engine (webkit-driver.ts: WebKitGTK through WebKitWebDriver
 * and selenium-webdriver; firefox-driver.ts: Firefox through WebDriver BiDi and puppeteer-core). Elements are always
 * named by a Query (role and accessible name, or visible text), found by the same in-page script in both engines.
 */
export interface EngineDriver {
  readonly engine: "webkit" | "firefox";
  /** Whether the driver can send WebDriver touch actions (pointerType "touch") that the page receives as taps. */
  readonly touch: boolean;
  /** Opens a path of the site under test and waits for the load event and the web fonts. */
  goto(path: string): Promise<void>;
  /** The layout viewport's size in CSS pixels. */
  setViewport(width: number, height: number): Promise<void>;
  /** A mouse click at the element's centre, after scrolling it into view; waits for it to be visible first. */
  click(query: Query): Promise<void>;
  /** A touch tap (pointerType "touch") at the element's centre. */
  tap(query: Query): Promise<void>;
  /** Focuses the element, as Tab would. */
  focus(query: Query): Promise<void>;
  /** Types into the element (focused first), key by key. */
  type(query: Query, value: string): Promise<void>;
  /** Chooses the option with this value in a select. */
  select(query: Query, value: string): Promise<void>;
  /** Presses and releases one key ("Enter", "Escape", "Tab", "/") on whatever has focus. */
  press(key: "Enter" | "Escape" | "Tab" | "/"): Promise<void>;
  /** Whether a match is rendered visibly now. */
  isVisible(query: Query): Promise<boolean>;
  /** The match's rendered text (innerText), or undefined when nothing matches. */
  text(query: Query): Promise<string | undefined>;
  /** The value of the attribute on the first match (hidden ones included), or null. */
  attribute(query: Query, name: string): Promise<string | null>;
  /** Runs an expression in the page and returns its JSON-serialisable value. */
  evaluate<T>(expression: string): Promise<T>;
  /** Error messages the page logged or threw since the last goto, where the driver can see them (else undefined). */
  consoleErrors(): Promise<string[] | undefined>;
  /**
   * Opens a window of its own (own session storage, own viewport) at about:blank, behind the one in use, and returns
   * its handle. The window in use stays in use.
   */
  openWindow(): Promise<string>;
  /** Uses that window from now on, brought to the front so that keys reach it; returns the handle of the one before. */
  switchWindow(handle: string): Promise<string>;
  /** Closes the window in use and uses `next`. */
  closeWindow(next: string): Promise<void>;
  close(): Promise<void>;
}

/** Where the site under test is served (tests/cross-engine/server.ts starts it). */
export const CROSS_ENGINE_PORTS = {
  site: Number(process.env.CROSS_ENGINE_PORT ?? 4320),
  ses: Number(process.env.CROSS_ENGINE_SES_PORT ?? 8320),
  dynamo: Number(process.env.CROSS_ENGINE_DYNAMO_PORT ?? 8321),
};
export const BASE_URL = `http://127.0.0.1:${CROSS_ENGINE_PORTS.site}`;

/** How long a journey waits for something a visitor would wait for (an island waking, a toast, a mail). */
export const WAIT_MS = 10_000;

/** Polls `check` until it returns a truthy value, or throws `message()` after `timeout` ms. */
export async function waitFor<T>(
  check: () => Promise<T>,
  message: () => string,
  timeout = WAIT_MS,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`${message()}${last instanceof Error ? ` (last error: ${last.message})` : ""}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until the match is visible. */
export const waitVisible = (driver: EngineDriver, query: Query, timeout?: number) =>
  waitFor(
    () => driver.isVisible(query),
    () => `${driver.engine}: expected ${describeQuery(query)} to be visible`,
    timeout,
  );

/** Waits until no match is visible. */
export const waitHidden = (driver: EngineDriver, query: Query, timeout?: number) =>
  waitFor(
    async () => !(await driver.isVisible(query)),
    () => `${driver.engine}: expected ${describeQuery(query)} to be hidden`,
    timeout,
  );
