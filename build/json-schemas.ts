import * as z from "zod/mini";
import {
  aboutSchema,
  blogPostSchema,
  faqFileSchema,
  installationFileSchema,
  policyPageSchema,
  portfolioProjectSchema,
  productSchema,
  siteSchema,
  testimonialsFileSchema,
} from "../src/schemas/index.ts";
import { productPageSchema } from "../src/schemas/product-page.ts";

/** content/.schemas/<name>.json: the file names the `# yaml-language-server: $schema=` lines point at. */
const SCHEMAS: Record<string, z.ZodMiniType> = {
  site: siteSchema,
  product: productSchema,
  "portfolio-project": portfolioProjectSchema,
  "blog-post": blogPostSchema,
  "policy-page": policyPageSchema,
  testimonials: testimonialsFileSchema,
  faq: faqFileSchema,
  about: aboutSchema,
  "installation-packages": installationFileSchema,
  "product-page": productPageSchema,
};

/** JSON Schema text per content file kind, generated from the zod schemas so the two can never disagree. */
export function contentJsonSchemas(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(SCHEMAS).map(([name, schema]) => {
      // Editors write the input side (a date as text), so describe the input of transforms.
      const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any", target: "draft-7" });
      return [name, `${JSON.stringify({ ...json, title: `content ${name}` }, null, 2)}\n`];
    }),
  );
}
