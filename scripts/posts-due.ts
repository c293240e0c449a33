import "./require-node.ts";
import { readSiteContent } from "../build/read-content.ts";
import { BLOG_INDEX_PATH } from "../src/lib/blog.ts";
import { duePosts, todayIn } from "../src/lib/publishing.ts";

/**
 * Prints `true` when a published post is not on the live site yet (src/lib/publishing.ts, duePosts), else `false`.
 * The deploy workflow's daily run deploys only then: on other days the site it would build is the one deployed. The
 * live site's list is its /blog/posts.json; SITE_URL names the site when it is not content/site.yaml's url.
 */
const content = await readSiteContent();
const today = todayIn(content.site.timeZone, new Date());
const origin = process.env.SITE_URL || content.site.url;

async function liveSlugs(): Promise<Set<string> | undefined> {
  try {
    const response = await fetch(new URL(BLOG_INDEX_PATH, origin), { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`answered ${response.status}`);
    const entries = (await response.json()) as { slug?: unknown }[];
    return new Set(entries.map((entry) => entry.slug).filter((slug): slug is string => typeof slug === "string"));
  } catch (error) {
    console.error(`[due] ${origin}${BLOG_INDEX_PATH} could not be read (${(error as Error).message}): going by dates`);
    return undefined;
  }
}

const due = duePosts(content.posts, today, await liveSlugs());
for (const post of due) console.error(`[due] /blog/${post.slug} (${post.date}) is not on the live site yet`);
console.log(due.length > 0 ? "true" : "false");
