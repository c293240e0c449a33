import * as z from "zod/mini";
import { isoDate, text } from "./common.ts";

/** Front matter of content/pages/<name>.md (privacy, terms, refund, cookies, disclaimer). */
export const policyPageSchema = z.strictObject({
  title: text(),
  description: text(),
  lastUpdated: isoDate(),
});
export type PolicyPageFrontMatter = z.infer<typeof policyPageSchema>;
