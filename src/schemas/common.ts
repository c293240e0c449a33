import * as z from "zod/mini";

/** A non-empty line of text (titles, names, labels). */
export const text = () => z.string().check(z.trim(), z.minLength(1, "Must not be empty"));

/** An absolute http(s) URL. */
export const httpUrl = () =>
  z.string().check(z.regex(/^https?:\/\/[^\s]+$/, "Expected an absolute http(s) URL"), z.meta({ format: "uri" }));

/**
 * A path of an image under content/images, written as it is served: /images/… The build checks that the file exists
 * (build/validate-content.ts), since a schema cannot see the disk.
 */
export const imagePath = () =>
  z
    .string()
    .check(
      z.regex(/^\/images\/[a-z0-9/_-]+\.(svg|png|jpe?g|webp|avif)$/, "Expected a path like /images/products/name.svg"),
    );

/** A kebab-case id, also used as a file name and a URL segment. */
export const slug = () =>
  z
    .string()
    .check(z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "Expected lower-case letters, digits and hyphens, like my-post"));

/** "February" for 2: month names as the platform spells them. */
const monthName = (month: number) =>
  new Intl.DateTimeFormat("en", { month: "long", timeZone: "UTC" }).format(Date.UTC(2000, month - 1, 1));

/** Days in a month of the Gregorian calendar (month 1-12). */
function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Why a yyyy-mm-dd text is not a day of the calendar, or undefined when it is one. `2025-02-30` would otherwise be
 * read by JavaScript as March 2 and `2025-13-45` as "Invalid Date".
 */
export function impossibleDate(value: string): string | undefined {
  const [year = 0, month = 0, day = 0] = value.split("-").map(Number);
  if (month < 1 || month > 12) return `Impossible date "${value}": there is no month ${month}; write yyyy-mm-dd`;
  const days = daysInMonth(year, month);
  if (day < 1 || day > days) return `Impossible date "${value}": ${monthName(month)} ${year} has ${days} days`;
  return undefined;
}

/**
 * A calendar date written yyyy-mm-dd (YAML 1.2 keeps it as text). Checked against the calendar, so a typo fails the
 * build instead of printing "Invalid Date" or another day.
 */
export const isoDate = () =>
  z.string().check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, "Expected a date written yyyy-mm-dd"),
    z.check<string>((ctx) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(ctx.value)) return; // the pattern above already reported it
      const problem = impossibleDate(ctx.value);
      if (problem) ctx.issues.push({ code: "custom", message: problem, input: ctx.value });
    }),
    z.meta({ format: "date" }),
  );
