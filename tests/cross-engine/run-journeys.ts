import { afterAll, beforeAll, describe, test } from "vitest";
import type { EngineDriver } from "./driver.ts";
import { JOURNEYS } from "./journeys.ts";

/** Runs every journey in one browser session of the engine, one after another. */
export function runJourneys(title: string, launch: () => Promise<EngineDriver>): void {
  describe(title, () => {
    let driver: EngineDriver | undefined;
    beforeAll(async () => {
      driver = await launch();
    });
    afterAll(async () => {
      await driver?.close();
    });
    for (const journey of JOURNEYS) {
      test(journey.name, async () => {
        if (!driver) throw new Error(`${title} did not start`);
        await journey.run(driver);
      });
    }
  });
}
