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

const d = z.describe;

/** content/portfolio/<id>.yaml: one delivered client project. */
export const portfolioProjectSchema = z.strictObject({
  id: slug().check(d("The project's id: the file name without .yaml")),
  title: text().check(d("Project title on its card")),
  description: text().check(d("One or two sentences about the project")),
  category: z.enum(portfolioCategories).check(d("The filter button the project appears under")),
  client: text().check(d("Client name")),
  year: z.number().check(z.int(), z.gte(2016), z.lte(2100), d("Year of delivery")),
  image: imagePath().check(d("Card image under content/images, written as served: /images/portfolio/<name>.svg")),
  imageAlt: z
    .optional(text())
    .check(
      d(
        "What a photo or screenshot shows, for readers who cannot see it; required for a JPEG, PNG, WebP or AVIF image",
      ),
    ),
  technologies: z.array(text()).check(z.minLength(1), d("Technologies; the home carousel shows the first 4")),
  projectUrl: z.optional(httpUrl()).check(d("Optional live site; adds Live Site and View Project buttons")),
  productId: z.optional(slug()).check(d("Optional id of the product it was built on (content/products/<id>.yaml)")),
  draft: z
    .optional(z.boolean())
    .check(d("true: not published (left off /portfolio and the home page); npm run dev shows it marked Draft")),
});
export type PortfolioProject = z.infer<typeof portfolioProjectSchema>;
