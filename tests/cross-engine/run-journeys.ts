import { afterAll, beforeAll, describe, test } from "vitest";
import type { EngineDriver } from "./driver.ts";
import { JOURNEYS } from "./journeys.ts";

/** Runs every journey in one browser session of the engine, one after another. */
export function runJourneys(engine: EngineDriver["engine"], title: string, launch: () => Promise<EngineDriver>): void {
  describe(title, () => {
    let driver: EngineDriver | undefined;
    beforeAll(async () => {
      driver = await launch();
    });
    afterAll(async () => {
      await driver?.close();
    });
    for (const journey of JOURNEYS) {
      const known = journey.knownIssue?.[engine];
      const run = async () => {
        if (!driver) throw new Error(`${title} did not start`);
        await journey.run(driver);
      };
      if (known) test.fails(`${journey.name} [known ${engine} bug, expected to fail: ${known}]`, run);
      else if (journey.knownRace) test(`${journey.name} [retried: ${journey.knownRace}]`, { retry: 2 }, run);
      else test(journey.name, run);
    }
  });
}
