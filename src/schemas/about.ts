import * as z from "zod/mini";
import { text } from "./common.ts";

/** content/about.yaml: the about page's prose and facts (figures come from site.yaml). */
export const aboutSchema = z.strictObject({
  intro: z.array(text()).check(z.minLength(1)),
  values: z.array(z.strictObject({ title: text(), description: text() })).check(z.length(6, "List exactly six values")),
  timeline: z
    .array(z.strictObject({ year: z.number().check(z.int()), title: text(), description: text() }))
    .check(z.minLength(1)),
  team: z.strictObject({ heading: text(), description: text() }),
});
