import * as z from "zod/mini";
import { MAX_TECHNOLOGIES } from "../lib/limits.ts";
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
export type PortfolioCategory = (typeof portfolioCategories)[number];

const d = z.describe;

/** content/portfolio/<id>.yaml: one delivered client project. */
export const portfolioProjectSchema = z.strictObject({
  id: slug().check(d("The project's id: the file name without .yaml")),
  title: text().check(d("Project title on its card")),
  description: text().check(d("One or two sentences about the project")),
  category: z.enum(portfolioCategories).check(d("The filter button the project appears under")),
  client: text().check(d("Client name")),
  year: z.number().check(z.int(), z.gte(2016), z.lte(2100), d("Year of delivery")),
  image: z
    .optional(imagePath())
    .check(
      d(
        "Optional card image under content/images, written as served: /images/portfolio/<name>.jpg; without it the build draws the project's artwork from its category, title and color",
      ),
    ),
  color: z
    .optional(z.string().check(z.regex(/^#[0-9a-f]{6}$/, "Expected a colour like #6d28d9")))
    .check(
      d("The app's brand colour, for the artwork the build draws when there is no image; one of its own when absent"),
    ),
  imageAlt: z
    .optional(text())
    .check(
      d(
        "What a photo or screenshot shows, for readers who cannot see it; required for a JPEG, PNG, WebP or AVIF image",
      ),
    ),
  technologies: z
    .array(text())
    .check(z.minLength(1), d(`Technologies; the home carousel shows the first ${MAX_TECHNOLOGIES}`)),
  projectUrl: z.optional(httpUrl()).check(d("Optional live site; adds Live Site and View Project buttons")),
  productId: z.optional(slug()).check(d("Optional id of the product it was built on (content/products/<id>.yaml)")),
  draft: z
    .optional(z.boolean())
    .check(d("true: not published (left off /portfolio and the home page); npm run dev shows it marked Draft")),
});
export type PortfolioProject = z.infer<typeof portfolioProjectSchema>;
