/**
 * What is published and when: a post, product or portfolio project with `draft: true` is never published; a post
 * dated after today (in content/site.yaml's timeZone) is published on its date. Production and staging builds leave
 * both out entirely; `npm run dev` builds them with a Draft banner (build option `drafts`).
 */

/** Why something is built only as a preview: a draft, or a post scheduled for a later day. */
export type Unpublished = { kind: "draft" } | { kind: "scheduled"; date: string };

/** Which build this is: whether drafts are shown (npm run dev) and the moment that decides what is due. */
export interface Publishing {
  drafts: boolean;
  now: Date;
}

/** Production and staging: drafts left out, published as of this moment. */
export const publishedNow = (): Publishing => ({ drafts: false, now: new Date() });

/** The calendar day (yyyy-mm-dd) at `now` in an IANA time zone, e.g. Asia/Kolkata. */
export function todayIn(timeZone: string, now: Date): string {
  // en-CA writes dates as yyyy-mm-dd.
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** Undefined when the item is published on `today`; otherwise why not. `date` is a post's yyyy-mm-dd. */
export function unpublishedReason(item: { draft?: boolean; date?: string }, today: string): Unpublished | undefined {
  if (item.draft) return { kind: "draft" };
  if (item.date !== undefined && item.date > today) return { kind: "scheduled", date: item.date };
  return undefined;
}

/**
 * True for an IANA zone name the platform knows (Asia/Kolkata, UTC). Intl also takes offsets such as +05:30, which
 * do not follow summer time; the name is what editors should write.
 */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** How many days after its date a post still counts as due when the live site cannot be asked. */
const DUE_DAYS = 3;

/**
 * The published posts the deployed site does not have yet (missing from `live`, its slugs), for the deploy workflow's
 * daily run; without that list (site unreachable, first deploy), those dated within the last DUE_DAYS.
 */
export function duePosts<P extends { slug: string; date: string }>(
  published: readonly P[],
  today: string,
  live: ReadonlySet<string> | undefined,
): P[] {
  if (live) return published.filter((post) => !live.has(post.slug));
  const since = new Date(`${today}T00:00:00Z`);
  since.setUTCDate(since.getUTCDate() - (DUE_DAYS - 1));
  const from = since.toISOString().slice(0, 10);
  return published.filter((post) => post.date >= from && post.date <= today);
}
