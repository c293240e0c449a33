import { Calendar, Clock } from "../icon.tsx";
import { formatLongDate, formatShortDate } from "../../lib/dates.ts";
import { formatReadTime } from "../../lib/reading-time.ts";

/**
 * Date and reading time of an article: short date on cards, long date in the article header.
 * @param text the date as shown, when it is not formatted here (a card template filled in by the browser)
 */
export function PostMeta({
  date,
  minutes,
  long = false,
  text,
}: {
  date: string;
  minutes: number;
  long?: boolean;
  text?: string;
}) {
  return (
    <p className="post-meta">
      <span>
        <Calendar size={15} aria-hidden="true" />
        <time dateTime={date}>{text ?? (long ? formatLongDate(date) : formatShortDate(date))}</time>
      </span>
      <span>
        <Clock size={15} aria-hidden="true" />
        {formatReadTime(minutes)}
      </span>
    </p>
  );
}
