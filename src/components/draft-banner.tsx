import { formatLongDate, formatShortDate } from "../lib/dates.ts";
import type { Unpublished } from "../lib/publishing.ts";

/** The notice atop a draft's or scheduled post's page, which only npm run dev builds: why it is a preview. */
export function DraftBanner({ reason }: { reason: Unpublished | undefined }) {
  if (!reason) return null;
  return (
    <div className="draft-banner" role="note" aria-label="Draft">
      <p className="container">
        <strong className="draft-banner__label">Draft</strong>{" "}
        {reason.kind === "draft"
          ? "Not published: its file says draft: true. Only npm run dev shows it; production and staging leave it out."
          : `Scheduled: published on ${formatLongDate(reason.date)}. Until then only npm run dev shows it.`}
      </p>
    </div>
  );
}

/** The small mark on a card of a list (blog, portfolio) for an item that is not published. */
export function DraftBadge({ reason }: { reason: Unpublished | undefined }) {
  if (!reason) return null;
  return (
    <span className="draft-badge">
      {reason.kind === "draft" ? "Draft" : `Scheduled ${formatShortDate(reason.date)}`}
    </span>
  );
}
