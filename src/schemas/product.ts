import * as z from "zod/mini";
import { MAX_KEY_FEATURES } from "../lib/limits.ts";
import { documentationUrl } from "../lib/urls.ts";
import { httpUrl, imagePath, slug, text } from "./common.ts";

/** Icons a product may use; each maps to an SVG in src/components/icon.tsx. */
const productIcons = [
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

/** Icons a What You Get card may show, by what the buyer receives; each maps to an SVG in src/components/icon.tsx. */
const deliverableIcons = [
  "package",
  "smartphone",
  "globe",
  "dashboard",
  "support",
  "documentation",
  "setup",
  "integrations",
  "bot",
  "analytics",
  "team",
  "code",
] as const;

const demoTypes = ["website", "app", "admin", "other"] as const;

const d = z.describe;

/** What an editor writes in content/products/<id>.yaml. */
const productFileSchema = z.strictObject({
  id: slug().check(d("The product's id: the file name without .yaml and the URL /products/<id>")),
  order: z.number().check(z.int(), z.gte(1), d("Position in every product list (menu, grid, explorer); 1 comes first")),
  name: text().check(d("Product name as visitors see it, e.g. eSIM")),
  tagline: text().check(d("One line under the name on the product page")),
  shortDescription: text().check(d("Two lines for cards, the Apps menu and search results")),
  fullDescription: text().check(d("The What is … section of the product page")),
  category: text().check(d("Category shown on cards, e.g. Telecom")),
  icon: z
    .enum(productIcons)
    .check(d("Icon in the Apps menu and the explorer; one of the icons in src/components/icon.tsx")),
  image: imagePath().check(d("Artwork under content/images, written as served: /images/products/<id>.svg")),
  features: z
    .array(text())
    .check(
      z.minLength(10, "List at least 10 features"),
      d(`Feature list; the first ${MAX_KEY_FEATURES} are the key features`),
    ),
  demoUrl: httpUrl().check(d("Live demo address")),
  codecanyonUrl: httpUrl().check(d("The product's page on the marketplace")),
  price: z
    .optional(
      z.strictObject({
        amount: z.number().check(z.gt(0)),
        currency: z.string().check(z.regex(/^[A-Z]{3}$/, "Expected a three-letter currency code such as USD")),
      }),
    )
    .check(
      d(
        "What one licence costs: the marketplace's regular licence, or your own price when sellDirectly. Shown on the product page and given to search engines as the offer; leave it out when the price is quoted per customer",
      ),
    ),
  sellDirectly: z
    ._default(z.boolean(), false)
    .check(d("true: a Buy Now button opens the product inquiry dialog instead of the marketplace")),
  directSaleDescription: z._default(z.string(), "").check(d("Text of the purchase call to action when sold directly")),
  techSpecs: z
    .array(z.strictObject({ label: text(), value: text() }))
    .check(z.minLength(1), d("Technical specifications table: label and value")),
  perfectFor: z.array(text()).check(z.minLength(1), d("The Perfect For list")),
  whatYouGet: z
    .optional(
      z.array(
        z.strictObject({
          title: text(),
          description: text(),
          icon: z
            ._default(z.enum(deliverableIcons), "package")
            .check(d("The card's icon: what the buyer receives (an app, a website, a dashboard, support …)")),
        }),
      ),
    )
    .check(d("Optional What You Get cards")),
  demoDetails: z
    .optional(
      z.array(z.strictObject({ name: text(), description: text(), demoUrl: httpUrl(), type: z.enum(demoTypes) })),
    )
    .check(d("Optional platform overview tabs, one per demo (website, app, admin or other)")),
  purchaseOptions: z
    .optional(z.array(z.strictObject({ label: text(), url: httpUrl(), description: z.optional(text()) })))
    .check(d("Several ways to buy: the buy button becomes a dropdown of these")),
  readyMadeClones: z
    .optional(
      z.array(z.strictObject({ name: text(), description: text(), features: z.array(text()).check(z.minLength(1)) })),
    )
    .check(d("Optional ready-made clone variants")),
  draft: z
    .optional(z.boolean())
    .check(d("true: not published (no page, not in any list); npm run dev shows it with a Draft banner")),
});

/**
 * content/products/<id>.yaml: one ready-made application of the catalogue. `documentationUrl` is derived from the id
 * (the build writes the PDF there from content/documentation/<id>.md), so editors never type it.
 */
export const productSchema = z.pipe(
  productFileSchema,
  z.transform((product) => ({ ...product, documentationUrl: documentationUrl(product.id) })),
);
export type Product = z.infer<typeof productSchema>;
