import { runJourneys } from "./run-journeys.ts";
import { launchWebKit } from "./webkit-driver.ts";

runJourneys("WebKit (WebKitGTK MiniBrowser through WebKitWebDriver)", launchWebKit);
