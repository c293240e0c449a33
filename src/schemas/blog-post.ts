import * as z from "zod/mini";
import { HOME_FEATURED_POSTS, MAX_SEO_TITLE_LENGTH } from "../lib/limits.ts";
import { imagePath, isoDate, slug, text } from "./common.ts";

export const blogCategories = ["Technology", "Business", "Marketing"] as const;

const d = z.describe;

/** Front matter of content/blog/<slug>.md; the markdown body is the article. Reading time is computed, not written. */
export const blogPostSchema = z.strictObject({
  id: slug().check(d("A stable id for the article; unique across posts")),
  slug: slug().check(d("The URL /blog/<slug>; must equal the file name without .md")),
  title: text().check(d("The article's title")),
  seoTitle: z
    .optional(
      text().check(z.maxLength(MAX_SEO_TITLE_LENGTH, `Keep seoTitle within ${MAX_SEO_TITLE_LENGTH} characters`)),
    )
    .check(d(`Shorter title for search results, needed when title is longer than ${MAX_SEO_TITLE_LENGTH} characters`)),
  excerpt: text().check(d("Summary on cards and in search results")),
  category: z.enum(blogCategories).check(d("One of the blog's categories")),
  author: z
    .strictObject({
      name: text(),
      avatar: z
        .string()
        .check(z.regex(/^[A-Z]{1,3}$/, "Expected 1 to 3 capital initials, like PS"), d("Initials shown as the avatar")),
      bio: text(),
    })
    .check(d("The author box: name, initials and a one-line bio")),
  date: isoDate().check(d("Publication date, yyyy-mm-dd")),
  image: imagePath().check(d("Cover image under content/images, written as served: /images/blog/<slug>.svg")),
  imageAlt: z
    .optional(text())
    .check(
      d("What the cover photo shows, for readers who cannot see it; required for a JPEG, PNG, WebP or AVIF cover"),
    ),
  featured: z
    ._default(z.boolean(), false)
    .check(d(`true: one of the exactly ${HOME_FEATURED_POSTS} published posts in the home page's blog teaser`)),
  keywords: z._default(z.array(text()), []).check(d("Search keywords for this article")),
  draft: z
    .optional(z.boolean())
    .check(d("true: not published; npm run dev shows it with a Draft banner. A future date publishes it on that day")),
});
export type BlogPostFrontMatter = z.infer<typeof blogPostSchema>;
