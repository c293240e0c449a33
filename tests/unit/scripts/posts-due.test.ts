import { describe, expect, test } from "vitest";
import {
  newestRelease,
  type Plan,
  type PostFacts,
  planRun,
  postsDue,
  type ReleaseTag,
  SCHEDULED_ENVIRONMENT,
} from "../../../scripts/posts-due.ts";

const RELEASE = "a".repeat(40);
const POST_MERGE = "b".repeat(40);
const CODE_MERGE = "c".repeat(40);
const TAGS: ReleaseTag[] = [
  { name: "v1.9.0", sha: "9".repeat(40) },
  { name: "v1.10.0", sha: RELEASE },
  { name: "nightly", sha: "f".repeat(40) },
];

describe("which commit a deploy run builds", () => {
  test("a push to main deploys staging, a release tag production, each from its own commit", () => {
    expect(planRun({ event: "push", ref: "refs/heads/main", sha: POST_MERGE }, TAGS)).toMatchObject({
      target: "staging",
      environment: "staging",
      code: POST_MERGE,
      content: undefined,
    });
    expect(planRun({ event: "push", ref: "refs/tags/v1.10.0", sha: RELEASE }, TAGS)).toMatchObject({
      target: "production",
      environment: "production",
      code: RELEASE,
    });
  });

  test("production by hand only from a release tag, so the newest tag stays what production runs", () => {
    expect(() =>
      planRun(
        { event: "workflow_dispatch", ref: "refs/heads/main", sha: CODE_MERGE, dispatchTarget: "production" },
        TAGS,
      ),
    ).toThrow("run the workflow from a v* tag");
    expect(
      planRun(
        { event: "workflow_dispatch", ref: "refs/tags/v1.10.0", sha: RELEASE, dispatchTarget: "production" },
        TAGS,
      ),
    ).toMatchObject({ target: "production", environment: "production", code: RELEASE });
  });

  test("the newest release is chosen by version number, not by name", () => {
    expect(newestRelease(TAGS)?.name).toBe("v1.10.0");
    expect(newestRelease([{ name: "latest", sha: RELEASE }])).toBeUndefined();
    expect(() => planRun({ event: "schedule", ref: "refs/heads/main", sha: POST_MERGE }, [])).toThrow("No v* tag");
  });
});

/**
 * A day in Asia/Kolkata (UTC+05:30) on a fake clock, with the hourly schedule at minute 35: v1.10.0 is live; at 10:00
 * UTC on April 30 a pull request merges a post dated May 1, at 12:00 UTC another merges code. Each run plans, asks
 * which posts are due against what the live site lists, and deploys only then; a deploy puts main's published posts
 * live.
 */
describe("the scheduled run across a day with merges after the last release", () => {
  const TIME_ZONE = "Asia/Kolkata";
  const released: PostFacts[] = [{ slug: "old", date: "2027-04-01" }];
  const launch: PostFacts = { slug: "launch", date: "2027-05-01" };
  const draft: PostFacts = { slug: "notes", date: "2027-04-02", draft: true };
  /** main's head and its content/ posts at a moment. */
  const mainAt = (now: Date) => {
    if (now < new Date("2027-04-30T10:00:00Z")) return { sha: RELEASE, posts: [...released, draft] };
    if (now < new Date("2027-04-30T12:00:00Z")) return { sha: POST_MERGE, posts: [...released, draft, launch] };
    return { sha: CODE_MERGE, posts: [...released, draft, launch] };
  };

  interface Run {
    at: string;
    plan: Plan;
    due: string[];
  }
  function runTheDay(): Run[] {
    const live = new Set(released.map((post) => post.slug));
    const runs: Run[] = [];
    for (let hour = 0; hour < 48; hour++) {
      const now = new Date(Date.UTC(2027, 3, 30, hour, 35));
      const main = mainAt(now);
      const plan = planRun({ event: "schedule", ref: "refs/heads/main", sha: main.sha }, TAGS);
      const due = postsDue(main.posts, now, TIME_ZONE, live);
      if (due.length > 0) for (const post of postsDue(main.posts, now, TIME_ZONE, new Set())) live.add(post.slug);
      runs.push({ at: now.toISOString(), plan, due: due.map((post) => post.slug) });
    }
    return runs;
  }

  test("deploys once, within an hour of the post's midnight, and not before", () => {
    const deploys = runTheDay().filter((run) => run.due.length > 0);
    expect(deploys.map((run) => [run.at, run.due])).toEqual([["2027-04-30T18:35:00.000Z", ["launch"]]]);
    // Midnight of May 1 in Kolkata is 18:30 UTC on April 30.
    const late = Date.parse(deploys[0]?.at ?? "") - Date.parse("2027-04-30T18:30:00Z");
    expect(late).toBeLessThanOrEqual(60 * 60 * 1000);
  });

  test("always builds the release's code with main's content: the code merged after the release never ships", () => {
    for (const run of runTheDay()) {
      expect(run.plan.code).toBe(RELEASE);
      expect(run.plan.content).toBe(mainAt(new Date(run.at)).sha);
      expect(run.plan.environment).toBe(SCHEDULED_ENVIRONMENT);
      expect(run.plan.target).toBe("production");
    }
  });

  test("a draft never makes a run due, and a night whose deploy failed is made up by the next run", () => {
    const now = new Date("2027-05-01T00:35:00Z");
    const posts = [...released, draft, launch];
    expect(postsDue(posts, now, TIME_ZONE, new Set(["old"])).map((post) => post.slug)).toEqual(["launch"]);
    expect(postsDue(posts, now, TIME_ZONE, new Set(["old", "launch"]))).toEqual([]);
    // The live site unreadable: posts dated within the last three days count as due.
    expect(postsDue(posts, now, TIME_ZONE, undefined).map((post) => post.slug)).toEqual(["launch"]);
  });
});
