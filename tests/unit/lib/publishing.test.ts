import { describe, expect, test } from "vitest";
import { duePosts, isTimeZone, todayIn, unpublishedReason } from "../../../src/lib/publishing.ts";

describe("publishing", () => {
  test("the day turns at midnight in the site's time zone, not in UTC", () => {
    expect(todayIn("Asia/Kolkata", new Date("2027-04-30T18:29:59Z"))).toBe("2027-04-30");
    expect(todayIn("Asia/Kolkata", new Date("2027-04-30T18:30:00Z"))).toBe("2027-05-01");
    expect(todayIn("UTC", new Date("2027-04-30T18:30:00Z"))).toBe("2027-04-30");
    expect(todayIn("America/Los_Angeles", new Date("2027-05-01T06:59:59Z"))).toBe("2027-04-30");
  });

  test("a draft is never published; a post is published from its date on", () => {
    expect(unpublishedReason({ draft: true, date: "2020-01-01" }, "2027-05-01")).toEqual({ kind: "draft" });
    expect(unpublishedReason({ date: "2027-05-02" }, "2027-05-01")).toEqual({ kind: "scheduled", date: "2027-05-02" });
    expect(unpublishedReason({ date: "2027-05-01" }, "2027-05-01")).toBeUndefined();
    expect(unpublishedReason({ draft: false }, "2027-05-01")).toBeUndefined();
  });

  test("time zones are IANA names the platform knows", () => {
    for (const zone of ["Asia/Kolkata", "UTC", "Europe/London", "America/Argentina/Buenos_Aires"])
      expect(isTimeZone(zone), zone).toBe(true);
    for (const zone of ["Asia/Kolkatta", "+05:30", "IST+1", "", "Asia/"]) expect(isTimeZone(zone), zone).toBe(false);
  });

  test("the nightly deploy is due for a published post the live site does not list, whatever its date", () => {
    const posts = [
      { slug: "old", date: "2027-01-10" },
      { slug: "yesterday", date: "2027-04-30" },
      { slug: "today", date: "2027-05-01" },
    ];
    expect(duePosts(posts, "2027-05-01", new Set(["old", "yesterday", "today"]))).toEqual([]);
    // Last night's deploy failed or waited for a reviewer: yesterday's post is still due.
    expect(duePosts(posts, "2027-05-01", new Set(["old"])).map((post) => post.slug)).toEqual(["yesterday", "today"]);
    // The live site cannot be asked: posts of the last three days.
    expect(duePosts(posts, "2027-05-02", undefined).map((post) => post.slug)).toEqual(["yesterday", "today"]);
    expect(duePosts(posts, "2027-05-04", undefined)).toEqual([]);
  });
});
