import * as z from "zod/mini";
import { text } from "./common.ts";

const faqCategorySchema = z.strictObject({
  category: text(),
  questions: z
    .array(z.strictObject({ q: text(), a: text() }))
    .check(z.minLength(1, "A category needs at least one question")),
});
export type FaqCategory = z.infer<typeof faqCategorySchema>;

/** content/faq.yaml */
export const faqFileSchema = z.strictObject({
  categories: z.array(faqCategorySchema).check(z.minLength(1)),
});
