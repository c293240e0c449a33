import * as z from "zod/mini";
import { httpUrl, imagePath, slug, text } from "./common.ts";

/** Icons a product may use; each maps to an SVG in src/components/icon.tsx. */
export const productIcons = [
  "sparkles",
  "sim-card",
  "message-circle",
  "scale",
  "bot",
  "headphones",
  "shopping-bag",
  "server",
  "phone-call",
  "brain",
] as const;

export const demoTypes = ["website", "app", "admin", "other"] as const;

/** content/products/<id>.yaml: one ready-made application of the catalogue. */
export const productSchema = z.strictObject({
  id: slug(),
  /** Position in every product list (menu, grid, explorer); 1 comes first. */
  order: z.number().check(z.int(), z.gte(1)),
  name: text(),
  tagline: text(),
  shortDescription: text(),
  fullDescription: text(),
  category: text(),
  icon: z.enum(productIcons),
  image: imagePath(),
  features: z.array(text()).check(z.minLength(10, "List at least 10 features")),
  demoUrl: httpUrl(),
  codecanyonUrl: httpUrl(),
  /** Always /docs/<id>-documentation.pdf; the build checks it. */
  documentationUrl: z.string().check(z.regex(/^\/docs\/[a-z0-9-]+-documentation\.pdf$/, "Expected /docs/<id>-documentation.pdf")),
  /**
   * What one licence costs where the product is sold: the marketplace's regular licence, or your own price when
   * sellDirectly. Shown on the product page and given to search engines as the offer's price. Leave it out when the
   * price is quoted per customer: the page then names no price and search engines get no offer.
   */
  price: z.optional(
    z.strictObject({
      amount: z.number().check(z.gt(0, "Expected a price above 0")),
      currency: z.string().check(z.regex(/^[A-Z]{3}$/, "Expected a three-letter currency code such as USD")),
    }),
  ),
  sellDirectly: z._default(z.boolean(), false),
  directSaleDescription: z._default(z.string(), ""),
  techSpecs: z.array(z.strictObject({ label: text(), value: text() })).check(z.minLength(1)),
  perfectFor: z.array(text()).check(z.minLength(1)),
  whatYouGet: z.optional(z.array(z.strictObject({ title: text(), description: text() }))),
  demoDetails: z.optional(
    z.array(z.strictObject({ name: text(), description: text(), demoUrl: httpUrl(), type: z.enum(demoTypes) })),
  ),
  purchaseOptions: z.optional(
    z.array(z.strictObject({ label: text(), url: httpUrl(), description: z.optional(text()) })),
  ),
  readyMadeClones: z.optional(
    z.array(z.strictObject({ name: text(), description: text(), features: z.array(text()).check(z.minLength(1)) })),
  ),
});
export type Product = z.infer<typeof productSchema>;
