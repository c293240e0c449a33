import { readSiteContent } from "../../build/read-content.ts";

/**
 * The site's content as the build reads it (validated, defaults applied, markdown rendered), so the browser tests
 * follow content changes instead of repeating them, and never parse content a second way.
 */
export const content = await readSiteContent();
export const { site } = content;
