import { afterAll, beforeAll, describe, test } from "vitest";
import type { EngineDriver } from "./driver.ts";
import { type Journey, JOURNEYS } from "./journeys.ts";

/** A journey's window opened when the session started, and what its `start` threw there. */
interface Started {
  window: string;
  failure?: { error: unknown };
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
        if (!journey.start) continue;
        const window = await driver.openWindow();
        const main = await driver.switchWindow(window);
        // Its failure is the journey's, reported in its test: the other journeys still run.
        const failure = await journey.start(driver).then(
          () => undefined,
          (error: unknown) => ({ error }),
        );
        started.set(journey, { window, failure });
        await driver.switchWindow(main);
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
        try {
          await journey.run(driver);
        } finally {
          await driver.closeWindow(main);
        }
      });
    }
  });
}
