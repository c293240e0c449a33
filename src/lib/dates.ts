/** Dates are calendar days (yyyy-mm-dd) and are formatted in UTC so a build in any time zone prints the same day. */
const parse = (isoDay: string) => new Date(`${isoDay}T00:00:00Z`);

// Made once: building a formatter costs far more than formatting (thousands of dates in a large blog's build).
const shortFormat = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});
const longFormat = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

/** A day as written when it is not a day yet (empty, half-typed in the editor): Intl throws on an invalid date. */
const formatDay = (format: Intl.DateTimeFormat, isoDay: string) => {
  const day = typeof isoDay === "string" ? parse(isoDay) : new Date(Number.NaN);
  return Number.isNaN(day.getTime()) ? String(isoDay ?? "") : format.format(day);
};

/** "Jan 15, 2025": cards and lists (en-US short). */
export const formatShortDate = (isoDay: string) => formatDay(shortFormat, isoDay);

/** "January 15, 2025": the article header and policy pages (en-US long). */
export const formatLongDate = (isoDay: string) => formatDay(longFormat, isoDay);
