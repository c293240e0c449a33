import { afterAll, beforeAll, describe, test } from "vitest";
import { type EngineDriver, WAIT_MS } from "./driver.ts";
import { type Journey, JOURNEYS } from "./journeys.ts";

/** A journey's window opened when the session started, and what its `start` threw there. */
interface Started {
  window: string;
  failure?: { error: unknown };
}

/** How long a `start` may take (a page load and a script): past it, the journey fails, and the others still run. */
const START_MS = 3 * WAIT_MS;

/**
 * Runs `start` in a new window and comes back to the window in use. What goes wrong there is the journey's failure,
 * reported in its own test; only a driver that can no longer switch windows fails the session.
 */
async function startAside(driver: EngineDriver, start: (driver: EngineDriver) => Promise<void>): Promise<Started> {
  const window = await driver.openWindow();
  const main = await driver.switchWindow(window);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${driver.engine}: its start took over ${START_MS} ms`)), START_MS);
  });
  const failure = await Promise.race([start(driver), timedOut]).then(
    () => undefined,
    (error: unknown) => ({ error }),
  );
  clearTimeout(timer);
  await driver.switchWindow(main);
  return { window, failure };
}

/**
 * Runs every journey in one browser session of the engine, one after another. A journey with a `start` has it run
 * first, each in a window of its own, and goes on in that window at its turn (then closes it).
 */
export function runJourneys(title: string, launch: () => Promise<EngineDriver>): void {
  describe(title, () => {
    let driver: EngineDriver | undefined;
    const started = new Map<Journey, Started>();
    beforeAll(async () => {
      driver = await launch();
      for (const journey of JOURNEYS) {
        if (journey.start) started.set(journey, await startAside(driver, journey.start));
      }
    });
    afterAll(async () => {
      await driver?.close();
    });
    for (const journey of JOURNEYS) {
      test(journey.name, async () => {
        if (!driver) throw new Error(`${title} did not start`);
        const own = started.get(journey);
        if (!own) return journey.run(driver);
        if (own.failure) throw own.failure.error;
        const main = await driver.switchWindow(own.window);
        const failed = await journey.run(driver).then(
          () => undefined,
          (error: unknown) => ({ error }),
        );
        // A window that will not close fails a journey that passed; it never hides why one failed.
        await driver.closeWindow(main).catch((error: unknown) => {
          if (!failed) throw error;
        });
        if (failed) throw failed.error;
      });
    }
  });
}
