import "./require-node.ts";
import { execFileSync } from "node:child_process";
import { duePosts, todayIn, unpublishedReason } from "../src/lib/publishing.ts";
import { isEntryPoint } from "./cli-io.ts";

/**
 * The deploy workflow's decisions, kept here so that tests can drive them on a fake clock:
 *
 * - `tsx scripts/posts-due.ts plan` prints, as GitHub step outputs, which stack a run deploys, through which GitHub
 *   environment, and from which commit (planRun). The scheduled run rebuilds the newest v* tag, the code production
 *   runs, with content/ of main laid over it: both were reviewed (the release, and each pull request that merged
 *   content), and no code merged since the release ships with a post.
 * - `tsx scripts/posts-due.ts` prints `true` when a published post is not on the live site yet (postsDue), else
 *   `false`; the scheduled run deploys only then. The live site's list is its /blog/posts.json; SITE_URL names the
 *   site when it is not content/site.yaml's url.
 */

export type Target = "staging" | "production";

/** What GitHub tells a run (GITHUB_EVENT_NAME, GITHUB_REF, GITHUB_SHA) and the manual run's choice of stack. */
export interface RunContext {
  event: string;
  ref: string;
  sha: string;
  dispatchTarget?: string;
}

export interface ReleaseTag {
  name: string;
  sha: string;
}

export interface Plan {
  target: Target;
  /** The GitHub environment of the deploy job: its rules say who approves and which refs may deploy. */
  environment: string;
  /** The commit whose code is tested, built and deployed. */
  code: string;
  /** The commit whose content/ is laid over `code` (the scheduled run: main); undefined for the code's own. */
  content: string | undefined;
  about: string;
}

/**
 * The environment of the scheduled run: production's role and settings, without required reviewers, limited to the
 * main branch (docs/deploy.md). It only ever deploys a release's code with merged content.
 */
export const SCHEDULED_ENVIRONMENT = "production-scheduled";

const VERSION = /^v(\d+)\.(\d+)\.(\d+)$/;

/** The highest v<major>.<minor>.<patch> tag by number (v1.10.0 after v1.9.0); tags of another shape are ignored. */
export function newestRelease(tags: readonly ReleaseTag[]): ReleaseTag | undefined {
  const byNumber = (a: ReleaseTag, b: ReleaseTag) => b.name.localeCompare(a.name, "en", { numeric: true });
  return tags.filter((tag) => VERSION.test(tag.name)).sort(byNumber)[0];
}

/**
 * Which stack a run deploys and from what: a push to main staging, a v* tag production, a manual run the stack it
 * names (production only from a v* tag, so that the newest tag stays the code production runs), the scheduled run
 * the newest release with main's content.
 * @throws Error for a run that must not deploy, with the reason
 */
export function planRun(run: RunContext, tags: readonly ReleaseTag[]): Plan {
  const tag = run.ref.startsWith("refs/tags/") ? run.ref.slice("refs/tags/".length) : undefined;
  const isRelease = tag !== undefined && VERSION.test(tag);
  if (run.event === "schedule") {
    const release = newestRelease(tags);
    if (!release) throw new Error("No v* tag to rebuild for production: tag a release first");
    return {
      target: "production",
      environment: SCHEDULED_ENVIRONMENT,
      code: release.sha,
      content: run.sha,
      about: `${release.name} (${release.sha.slice(0, 7)}) with content/ of main (${run.sha.slice(0, 7)})`,
    };
  }
  if (run.event === "workflow_dispatch") {
    if (run.dispatchTarget === "production" && !isRelease)
      throw new Error(`Production deploys a release: run the workflow from a v* tag, not ${run.ref}`);
    const target: Target = run.dispatchTarget === "production" ? "production" : "staging";
    return { target, environment: target, code: run.sha, content: undefined, about: `${run.ref} by hand` };
  }
  if (run.event === "push" && isRelease)
    return { target: "production", environment: "production", code: run.sha, content: undefined, about: tag };
  if (run.event === "push" && run.ref === "refs/heads/main")
    return { target: "staging", environment: "staging", code: run.sha, content: undefined, about: "main" };
  throw new Error(`Nothing deploys ${run.event} of ${run.ref}`);
}

/** Enough of a post to tell whether it is published: its slug, its date and whether it is a draft. */
export interface PostFacts {
  slug: string;
  date: string;
  draft?: boolean;
}

/**
 * The posts published at `now` (in `timeZone`) that the live site (`live`, its slugs; undefined when it could not be
 * read) does not have yet: what the scheduled run deploys for.
 */
export function postsDue<P extends PostFacts>(
  posts: readonly P[],
  now: Date,
  timeZone: string,
  live: ReadonlySet<string> | undefined,
): P[] {
  const today = todayIn(timeZone, now);
  const published = posts.filter((post) => unpublishedReason(post, today) === undefined);
  return duePosts(published, today, live);
}

/** `name=value` lines for $GITHUB_OUTPUT. */
export const outputLines = (plan: Plan): string =>
  [
    `target=${plan.target}`,
    `environment=${plan.environment}`,
    `code=${plan.code}`,
    `content=${plan.content ?? ""}`,
  ].join("\n");

/** The v* tags of the repository with the commit each names (annotated tags dereferenced). */
function gitReleaseTags(): ReleaseTag[] {
  const format = "%(refname:short) %(if)%(*objectname)%(then)%(*objectname)%(else)%(objectname)%(end)";
  const text = execFileSync("git", ["for-each-ref", `--format=${format}`, "refs/tags/v*"], { encoding: "utf8" });
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [name = "", sha = ""] = line.split(" ");
      return { name, sha };
    });
}

async function liveSlugs(origin: string, indexPath: string): Promise<Set<string> | undefined> {
  try {
    const response = await fetch(new URL(indexPath, origin), { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`answered ${response.status}`);
    const entries = (await response.json()) as { slug?: unknown }[];
    return new Set(entries.map((entry) => entry.slug).filter((slug): slug is string => typeof slug === "string"));
  } catch (error) {
    console.error(`[due] ${origin}${indexPath} could not be read (${(error as Error).message}): going by dates`);
    return undefined;
  }
}

async function main(command: string | undefined): Promise<void> {
  if (command === "plan") {
    const env = process.env;
    const plan = planRun(
      {
        event: env.GITHUB_EVENT_NAME ?? "",
        ref: env.GITHUB_REF ?? "",
        sha: env.GITHUB_SHA ?? "",
        dispatchTarget: env.DISPATCH_TARGET || undefined,
      },
      gitReleaseTags(),
    );
    console.error(`[plan] ${plan.target} through ${plan.environment}: ${plan.about}`);
    console.log(outputLines(plan));
    return;
  }
  // Loaded only here: the plan needs none of the build.
  const { readSiteContent } = await import("../build/read-content.ts");
  const { BLOG_INDEX_PATH } = await import("../src/lib/blog.ts");
  const now = new Date();
  const content = await readSiteContent(undefined, { drafts: false, now });
  const origin = process.env.SITE_URL || content.site.url;
  const due = postsDue(content.posts, now, content.site.timeZone, await liveSlugs(origin, BLOG_INDEX_PATH));
  for (const post of due) console.error(`[due] /blog/${post.slug} (${post.date}) is not on the live site yet`);
  console.log(due.length > 0 ? "true" : "false");
}

if (isEntryPoint(import.meta.url)) {
  try {
    await main(process.argv[2]);
  } catch (error) {
    console.error(`\n${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
