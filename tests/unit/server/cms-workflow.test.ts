import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { workflowCheckout } from "../../../server/cms-workflow.ts";

let dir: string;
/** git as on a machine with no identity configured anywhere; each repository sets its own where a test needs one. */
let env: NodeJS.ProcessEnv;

function git(cwd: string, ...args: string[]): void {
  execFileSync("git", ["-C", cwd, ...args], { env, stdio: "ignore" });
}

/** A repository with content/ committed on `main`, and an identity of its own unless `identity` is false. */
function repository(name: string, identity = true): string {
  const repo = path.join(dir, name);
  mkdirSync(path.join(repo, "content"), { recursive: true });
  writeFileSync(path.join(repo, "content/site.yaml"), "name: Site\n");
  git(repo, "init", "--quiet", "--initial-branch=main");
  git(repo, "add", "--all");
  git(repo, "-c", "user.name=Setup", "-c", "user.email=setup@example.com", "commit", "--quiet", "-m", "content");
  if (identity) {
    git(repo, "config", "user.name", "Editor");
    git(repo, "config", "user.email", "editor@example.com");
  }
  return repo;
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "cms-workflow-"));
  env = { PATH: process.env.PATH, HOME: dir, GIT_CONFIG_NOSYSTEM: "1" };
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("workflowCheckout", () => {
  test("should give the branch checked out in a clean repository holding content/ at its top", () => {
    const repo = repository("site");
    expect(workflowCheckout(repo, env)).toEqual({ branch: "main" });
    git(repo, "checkout", "--quiet", "-b", "trunk");
    expect(workflowCheckout(repo, env)).toEqual({ branch: "trunk" });
  });

  test("should refuse a folder outside any git repository", () => {
    mkdirSync(path.join(dir, "loose/content"), { recursive: true });
    expect(workflowCheckout(path.join(dir, "loose"), env)).toEqual({
      refused: `${path.join(dir, "loose")} is not in a git repository`,
    });
  });

  test("should refuse content/ below the top of its repository, where the configuration's paths would miss it", () => {
    const repo = repository("site");
    mkdirSync(path.join(repo, "web/content"), { recursive: true });
    expect(workflowCheckout(path.join(repo, "web"), env)).toMatchObject({
      refused: expect.stringMatching(/not below it$/),
    });
  });

  test("should refuse a detached HEAD, which has no branch to merge into", () => {
    const repo = repository("site");
    git(repo, "checkout", "--quiet", "--detach");
    expect(workflowCheckout(repo, env)).toMatchObject({ refused: expect.stringMatching(/detached HEAD/) });
  });

  test("should refuse a repository git cannot commit in for want of a name and e-mail", () => {
    const repo = repository("site", false);
    expect(workflowCheckout(repo, env)).toEqual({ refused: "git has no user.name and user.email to commit with" });
  });

  test("should refuse uncommitted changes, naming them, since decap-server would commit them with the entry", () => {
    const repo = repository("site");
    writeFileSync(path.join(repo, "content/site.yaml"), "name: Changed\n");
    writeFileSync(path.join(repo, "notes.txt"), "mine\n");
    const result = workflowCheckout(repo, env);
    expect(result).toMatchObject({ refused: expect.stringContaining("has uncommitted changes") });
    expect(result).toMatchObject({ refused: expect.stringContaining("content/site.yaml") });
    expect(result).toMatchObject({ refused: expect.stringContaining("notes.txt") });
  });
});
