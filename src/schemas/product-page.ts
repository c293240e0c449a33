import * as z from "zod/mini";
import { text } from "./common.ts";

/** Icons the Key Benefits cards may use; each maps to a lucide icon in src/components/product/product-sections.tsx. */
export const benefitIcons = ["rocket", "code", "palette", "shield", "headset", "trending-up"] as const;

/**
 * content/product-page.yaml: the copy every product page shares (Key Benefits, How It Works, the FAQ), so an
 * editor changes it once for all ten products.
 */
export const productPageSchema = z.strictObject({
  keyBenefits: z
    .array(z.strictObject({ icon: z.enum(benefitIcons), title: text(), description: text() }))
    .check(z.minLength(1, "List at least one key benefit")),
  /** The three steps are fixed by the specification: Purchase & Download, Install & Configure, Customize & Launch. */
  howItWorks: z
    .array(z.strictObject({ title: text(), description: text() }))
    .check(z.length(3, "List exactly three steps")),
  faq: z.array(z.strictObject({ q: text(), a: text() })).check(z.length(5, "List exactly five questions")),
});
export type ProductPageCopy = z.infer<typeof productPageSchema>;
