import { launchFirefox } from "./firefox-driver.ts";
import { runJourneys } from "./run-journeys.ts";

runJourneys("firefox", "Firefox (firefox-esr through WebDriver BiDi)", launchFirefox);
