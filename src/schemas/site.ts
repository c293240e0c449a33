import * as z from "zod/mini";
import { httpUrl, imagePath, text } from "./common.ts";

/** content/site.yaml: the vendor's facts, used by every page, the handlers and the head of each page. */
export const siteSchema = z.strictObject({
  name: text(),
  url: httpUrl(),
  tagline: text(),
  description: text(),
  keywords: z.array(text()).check(z.minLength(1)),
  locale: z._default(z.string(), "en_US"),
  company: z.strictObject({
    legalName: text(),
    foundingYear: z.number().check(z.int(), z.gte(1990)),
    clientCount: text(),
    productCount: text(),
    yearsExperience: text(),
    teamSize: z.number().check(z.int(), z.gte(1)),
    address: text(),
  }),
  contact: z.strictObject({
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
  }),
  marketplace: z.strictObject({
    name: text(),
    profileUrl: httpUrl(),
  }),
  social: z.strictObject({
    facebook: httpUrl(),
    linkedin: httpUrl(),
    youtube: httpUrl(),
    twitter: z._default(z.string(), ""),
  }),
  rating: z.strictObject({
    value: z.number().check(z.gte(0), z.lte(5)),
    best: z.number(),
    count: z.number().check(z.int(), z.gte(0)),
  }),
  shareImages: z.strictObject({
    default: imagePath(),
    products: z.optional(imagePath()),
    blog: z.optional(imagePath()),
    portfolio: z.optional(imagePath()),
  }),
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
