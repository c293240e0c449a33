import { launchFirefox } from "./firefox-driver.ts";
import { runJourneys } from "./run-journeys.ts";

runJourneys("Firefox (firefox-esr through WebDriver BiDi)", launchFirefox);
