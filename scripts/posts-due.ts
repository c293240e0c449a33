import "./require-node.ts";
import { readSiteContent } from "../build/read-content.ts";
import { todayIn } from "../src/lib/publishing.ts";

/**
 * Prints `true` when a post is published today (its date is today in content/site.yaml's timeZone), else `false`.
 * The deploy workflow's daily run deploys only then: on other days the site it would build is the one deployed.
 */
const content = await readSiteContent();
const today = todayIn(content.site.timeZone, new Date());
const due = content.posts.filter((post) => post.date === today);
for (const post of due) console.error(`[due] /blog/${post.slug} is published today (${today})`);
console.log(due.length > 0 ? "true" : "false");
