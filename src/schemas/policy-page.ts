import * as z from "zod/mini";
import { isoDate, text } from "./common.ts";

/** Front matter of content/pages/<name>.md (privacy, terms, refund, cookies, disclaimer). */
export const policyPageSchema = z.strictObject({
  title: text().check(z.describe("The page's heading and title")),
  description: text().check(z.describe("Summary for search results")),
  lastUpdated: isoDate().check(z.describe("Shown as 'Last updated', yyyy-mm-dd")),
});
