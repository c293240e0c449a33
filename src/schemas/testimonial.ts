import * as z from "zod/mini";
import { text } from "./common.ts";

const testimonialSchema = z.strictObject({
  name: text(),
  role: text(),
  company: z.optional(text()),
  content: text(),
  rating: z.number().check(z.int(), z.gte(1), z.lte(5)),
  avatar: z.string().check(z.regex(/^[A-Z]{1,3}$/, "Expected 1 to 3 capital initials, like RK")),
});
export type Testimonial = z.infer<typeof testimonialSchema>;

/** content/testimonials.yaml */
export const testimonialsFileSchema = z.strictObject({
  testimonials: z.array(testimonialSchema).check(z.minLength(1)),
});
