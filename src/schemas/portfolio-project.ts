import * as z from "zod/mini";
import { httpUrl, imagePath, slug, text } from "./common.ts";

/** The filter categories of /portfolio, in the order the buttons show them ("All" comes first and is not stored). */
export const portfolioCategories = [
  "Astrology",
  "Food Delivery",
  "E-Commerce",
  "Education",
  "Healthcare",
  "Transport",
  "Social",
  "Logistics",
  "Real Estate",
  "Recruitment",
] as const;

/** content/portfolio/<id>.yaml: one delivered client project. */
export const portfolioProjectSchema = z.strictObject({
  id: slug(),
  title: text(),
  description: text(),
  category: z.enum(portfolioCategories),
  client: text(),
  year: z.number().check(z.int(), z.gte(2016), z.lte(2100)),
  image: imagePath(),
  technologies: z.array(text()).check(z.minLength(1)),
  projectUrl: z.optional(httpUrl()),
  /** Id of the product this project was built on; checked against content/products. */
  productId: z.optional(slug()),
});
export type PortfolioProject = z.infer<typeof portfolioProjectSchema>;
