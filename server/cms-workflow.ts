import { spawnSync } from "node:child_process";
import { realpathSync } from "node:fs";

/** Whether `npm run dev -- --workflow` may use a checkout: the branch it merges published entries into, or why not. */
export type WorkflowCheckout = { branch: string } | { refused: string };

/**
 * Checks the repository at `repoDir` (the folder holding content/) for decap-server's git mode, which commits each saved
 * entry on a cms/… branch with `git add .`, checks branches out in that working tree, and merges into the branch
 * checked out on publish. Refused: content/ not at the top of a git repository (the configuration's paths start at
 * content/), no branch checked out, no identity to commit with, or uncommitted changes (they would land in an entry's
 * commit, and decap-server's rebase refuses a dirty tree).
 * @param env the environment git runs with (its identity variables and configuration)
 */
export function workflowCheckout(repoDir: string, env: NodeJS.ProcessEnv = process.env): WorkflowCheckout {
  const git = (...args: string[]) => spawnSync("git", ["-C", repoDir, ...args], { encoding: "utf8", env });
  const top = git("rev-parse", "--show-toplevel");
  if (top.status !== 0) return { refused: `${repoDir} is not in a git repository` };
  if (realpathSync(top.stdout.trim()) !== realpathSync(repoDir))
    return { refused: `content/ must sit at the top of its git repository (${top.stdout.trim()}), not below it` };
  const branch = git("symbolic-ref", "--quiet", "--short", "HEAD");
  if (branch.status !== 0) return { refused: `${repoDir} has no branch checked out (detached HEAD)` };
  if (git("var", "GIT_COMMITTER_IDENT").status !== 0)
    return { refused: "git has no user.name and user.email to commit with" };
  const dirty = git("status", "--porcelain").stdout.trim().split("\n").filter(Boolean);
  if (dirty.length)
    return {
      refused: `${repoDir} has uncommitted changes (${dirty.slice(0, 3).join(", ")}); commit them or set them aside first`,
    };
  return { branch: branch.stdout.trim() };
}
