/** Dates are calendar days (yyyy-mm-dd) and are formatted in UTC so a build in any time zone prints the same day. */
const parse = (isoDay: string) => new Date(`${isoDay}T00:00:00Z`);

/** "Jan 15, 2025": cards and lists (en-US short). */
export const formatShortDate = (isoDay: string) =>
  parse(isoDay).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

/** "January 15, 2025": the article header and policy pages (en-US long). */
export const formatLongDate = (isoDay: string) =>
  parse(isoDay).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
