import * as z from "zod/mini";
import { isTimeZone } from "../lib/publishing.ts";
import { httpUrl, imagePath, text } from "./common.ts";

/** content/site.yaml: the vendor's facts, used by every page, the handlers and the head of each page. */
const d = z.describe;

export const siteSchema = z.strictObject({
  name: text().check(d("Company name in the header, titles and e-mails")),
  shortName: z
    .optional(
      text().check(z.maxLength(12, "Keep the short name within 12 characters: home screens cut longer ones off")),
    )
    .check(d("Name under the icon on a phone's home screen (web manifest); the name when absent")),
  url: httpUrl().check(d("The site's public address, e.g. https://www.example.com: canonical links, sitemap, feeds")),
  tagline: text().check(d("Short slogan")),
  description: text().check(d("Default description for search results")),
  keywords: z.array(text()).check(z.minLength(1), d("Default search keywords")),
  locale: z._default(z.string(), "en_US").check(d("Open Graph locale, e.g. en_US")),
  timeZone: z
    ._default(
      z.string().check(z.refine(isTimeZone, "Expected a time zone name such as Asia/Kolkata or Europe/London")),
      "UTC",
    )
    .check(d("The vendor's time zone: a post dated in the future is published at midnight of its date here")),
  company: z
    .strictObject({
      legalName: text(),
      foundingYear: z.number().check(z.int(), z.gte(1990)),
      clientCount: text(),
      productCount: text(),
      yearsExperience: text(),
      teamSize: z.number().check(z.int(), z.gte(1)),
      address: text(),
    })
    .check(d("Company facts shown as figures and claims")),
  contact: z
    .strictObject({
      email: z.email({ error: "Expected an e-mail address" }),
      /** Shown to visitors, e.g. "+91 00000 00000". */
      phone: text(),
      /** Digits only with country code, as wa.me expects. */
      whatsapp: z.string().check(z.regex(/^\d{8,15}$/, "Expected digits only, with the country code")),
      supportUrl: httpUrl(),
      ticketPortalUrl: httpUrl(),
      callHours: text(),
      emailReply: text(),
      whatsappReply: text(),
    })
    .check(d("How visitors reach the vendor; email is also where leads are sent")),
  marketplace: z
    .strictObject({
      name: text(),
      profileUrl: httpUrl(),
    })
    .check(d("The code marketplace the products are sold on")),
  social: z
    .strictObject({
      facebook: httpUrl(),
      linkedin: httpUrl(),
      youtube: httpUrl(),
      twitter: z._default(z.string(), ""),
    })
    .check(d("Social profile links in the top bar and footer")),
  rating: z
    .strictObject({
      value: z.number().check(z.gte(0), z.lte(5)),
      best: z.number(),
      count: z.number().check(z.int(), z.gte(0)),
    })
    .check(d("Aggregate rating in structured data")),
  shareCardImages: z
    ._default(
      z.strictObject({
        products: z.optional(imagePath()),
        blog: z.optional(imagePath()),
        portfolio: z.optional(imagePath()),
      }),
      {},
    )
    .check(
      d("Pictures for the share cards of the products, blog and portfolio pages; every page's card is drawn at build"),
    ),
  analytics: z._default(
    z.strictObject({
      measurementId: z._default(z.string(), ""),
      mode: z._default(z.enum(["basic", "advanced"]), "basic"),
    }),
    { measurementId: "", mode: "basic" as const },
  ),
  leads: z._default(
    z.strictObject({
      /** Send a short acknowledgement to the visitor after each lead. */
      acknowledge: z._default(z.boolean(), true),
      /**
       * Days a lead is kept in the leads table before it expires. The privacy policy quotes it
       * ({{leads.retentionDays}}) and the stack passes it to the handlers (LEAD_RETENTION_DAYS).
       */
      retentionDays: z._default(z.number().check(z.int(), z.gte(1), z.lte(3650)), 365),
    }),
    { acknowledge: true, retentionDays: 365 },
  ),
});
export type Site = z.infer<typeof siteSchema>;
