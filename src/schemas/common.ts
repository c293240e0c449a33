import * as z from "zod/mini";

/** A non-empty line of text (titles, names, labels). */
export const text = () => z.string().check(z.trim(), z.minLength(1, "Must not be empty"));

/** An absolute http(s) URL. */
export const httpUrl = () =>
  z.string().check(z.regex(/^https?:\/\/[^\s]+$/, "Expected an absolute http(s) URL"));

/** A link the site may render: absolute http(s), mailto:, tel: or a site path starting with "/". */
export const href = () =>
  z
    .string()
    .check(z.regex(/^(https?:\/\/[^\s]+|mailto:[^\s]+|tel:[+0-9-]+|\/[^\s]*)$/, "Expected a URL, mailto:, tel: or a path starting with /"));

/** A path of an image under content/images, written as it is served: /images/… */
export const imagePath = () =>
  z.string().check(z.regex(/^\/images\/[a-z0-9/_-]+\.(svg|png|jpe?g|webp|avif)$/, "Expected a path like /images/products/name.svg"));

/** A kebab-case id, also used as a file name and a URL segment. */
export const slug = () =>
  z.string().check(z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "Expected lower-case letters, digits and hyphens, like my-post"));

/** A calendar date written yyyy-mm-dd. YAML turns such values into Date objects, so both are accepted. */
export const isoDate = () =>
  z.pipe(
    z.union([z.string(), z.date()]),
    z.transform((value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value)),
  ).check(z.regex(/^\d{4}-\d{2}-\d{2}$/, "Expected a date written yyyy-mm-dd"));
