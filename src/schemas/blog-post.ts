import * as z from "zod/mini";
import { MAX_SEO_TITLE_LENGTH } from "../lib/limits.ts";
import { imagePath, isoDate, slug, text } from "./common.ts";

export const blogCategories = ["Technology", "Business", "Marketing"] as const;

/** Front matter of content/blog/<slug>.md; the markdown body is the article. Reading time is computed, not written. */
export const blogPostSchema = z.strictObject({
  id: slug(),
  slug: slug(),
  title: text(),
  /** Shorter title for search results when `title` is longer than MAX_SEO_TITLE_LENGTH. */
  seoTitle: z.optional(text().check(z.maxLength(MAX_SEO_TITLE_LENGTH, `Keep seoTitle within ${MAX_SEO_TITLE_LENGTH} characters`))),
  excerpt: text(),
  category: z.enum(blogCategories),
  author: z.strictObject({
    name: text(),
    avatar: z.string().check(z.regex(/^[A-Z]{1,3}$/, "Expected 1 to 3 capital initials, like PS")),
    bio: text(),
  }),
  date: isoDate(),
  image: imagePath(),
  featured: z._default(z.boolean(), false),
  keywords: z._default(z.array(text()), []),
});
export type BlogPostFrontMatter = z.infer<typeof blogPostSchema>;
