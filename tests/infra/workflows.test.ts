import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { cmsBackendFromEnv, cmsConfig } from "../../build/plugins/admin/cms-config.ts";
import { ROOT } from "../fixtures/content.ts";

interface Step {
  name?: string;
  id?: string;
  if?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  if?: string;
  permissions?: Record<string, string>;
  environment?: string | { name: string; url?: string };
  env?: Record<string, string>;
  needs?: string | string[];
  outputs?: Record<string, string>;
  steps: Step[];
}
interface Workflow {
  env?: Record<string, string>;
  on: Record<string, unknown> & { schedule?: { cron: string }[] };
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
}

const readWorkflow = async (name: string) =>
  parse(await readFile(path.join(ROOT, ".github/workflows", name), "utf8")) as Workflow;

/** `uses:` lines as written, comment included, to check each pin's version comment. */
const usesLines = async (name: string) =>
  (await readFile(path.join(ROOT, ".github/workflows", name), "utf8"))
    .split("\n")
    .filter((line) => /^\s*(-\s+)?uses:/.test(line))
    .map((line) => line.replace(/^\s*(-\s+)?uses:\s*/, ""));

describe("the deploy workflow ships what its test job checked", () => {
  test("only the deploy job may request an OIDC token, and it runs in the environment the plan chose", async () => {
    const workflow = await readWorkflow("deploy.yml");
    expect(workflow.permissions).toEqual({ contents: "read" });
    expect(workflow.jobs.test?.permissions).toEqual({ contents: "read" });
    expect(workflow.jobs.test?.environment).toBeUndefined();
    expect(workflow.jobs.deploy?.permissions).toEqual({ contents: "read", "id-token": "write" });
    expect(workflow.jobs.deploy?.environment).toBe(`\${{ needs.test.outputs.environment }}`);
    expect(workflow.jobs.test?.outputs?.environment).toBe(`\${{ steps.plan.outputs.environment }}`);
    expect(workflow.jobs.deploy?.needs).toBe("test");
  });

  test("the test job uploads the site and the stack; the deploy job downloads them and builds nothing", async () => {
    const { jobs } = await readWorkflow("deploy.yml");
    const artifacts = (job: Job | undefined, action: string) =>
      (job?.steps ?? []).filter((step) => step.uses?.startsWith(`actions/${action}@`)).map((step) => step.with?.name);
    expect(artifacts(jobs.test, "upload-artifact")).toEqual(["site", "stack"]);
    expect(artifacts(jobs.deploy, "download-artifact")).toEqual(["site", "stack"]);
    const deployRuns = (jobs.deploy?.steps ?? []).flatMap((step) => (step.run ? [step.run] : []));
    expect(deployRuns.join("\n")).not.toMatch(/npm (run )?(build|synth|test)|cdk synth|build\/cli/);
    expect(deployRuns.join("\n")).toMatch(/"\$CDK_CLI" deploy --app cdk\.out/);
  });

  test("the deploy job installs only the CDK CLI of package.json, without install scripts, and checks out nothing", async () => {
    const { jobs } = await readWorkflow("deploy.yml");
    const deploy = jobs.deploy;
    const pkg = JSON.parse(await readFile(path.join(ROOT, "package.json"), "utf8")) as {
      devDependencies: Record<string, string>;
    };
    expect(pkg.devDependencies["aws-cdk"]).toMatch(/^2\.\d+\.\d+$/);
    expect(deploy?.env?.CDK_CLI).toBe(`aws-cdk@${pkg.devDependencies["aws-cdk"]}`);
    expect(deploy?.env?.npm_config_ignore_scripts).toBe("true");
    const steps = deploy?.steps ?? [];
    expect(steps.some((step) => step.uses?.startsWith("actions/checkout@"))).toBe(false);
    // Nothing of the project exists in the job, so no step can run it; the only commands are the pinned CLI's.
    for (const step of steps.filter((step) => step.run))
      expect(step.run).toMatch(/^npx --yes "\$CDK_CLI" (--version|deploy --app cdk\.out [^\n]*)$/);
    const assume = steps.findIndex((step) => step.uses?.startsWith("aws-actions/configure-aws-credentials@"));
    expect(assume).toBeGreaterThan(0);
    // No dependency cache restored before the credentials: setup-node without `cache`.
    expect(steps.find((step) => step.uses?.startsWith("actions/setup-node@"))?.with?.cache).toBeUndefined();
  });

  test("runs every hour as well as on pushes, so a scheduled post is live within the hour of its date", async () => {
    const workflow = await readWorkflow("deploy.yml");
    expect(workflow.on.push).toBeDefined();
    expect(workflow.on.schedule).toHaveLength(1);
    // minute * * * *: once an hour.
    expect(workflow.on.schedule?.[0]?.cron).toMatch(/^\d+ \* \* \* \*$/);
  });

  test("the scheduled run plans with main's scripts, then builds the release's code with main's content/", async () => {
    const { jobs } = await readWorkflow("deploy.yml");
    const steps = jobs.test?.steps ?? [];
    const index = (id: string) => steps.findIndex((step) => step.id === id);
    expect(steps[index("plan")]?.run).toContain("npx tsx scripts/posts-due.ts plan");
    expect(steps[index("due")]?.run).toContain("npx tsx scripts/posts-due.ts)");
    const overlay = steps.findIndex((step) => step.run?.includes("git restore"));
    expect(overlay).toBeGreaterThan(index("due"));
    expect(steps[overlay]?.run).toMatch(
      /git checkout --quiet "\$CODE"\s+git restore --source="\$CONTENT" --staged --worktree -- content/,
    );
    expect(steps[overlay]?.env).toEqual({
      CODE: `\${{ steps.plan.outputs.code }}`,
      CONTENT: `\${{ steps.plan.outputs.content }}`,
    });
    // Tests, build and upload come after the overlay and run only when something is due (or on a push).
    const test = steps.findIndex((step) => step.run === "npm test");
    expect(test).toBeGreaterThan(overlay);
    for (const step of steps.slice(test)) expect(step.if).toContain("steps.due.outputs.due == 'true'");
  });
});

describe("every pull request gets annotations and a preview, and forks get no credentials", () => {
  test("runs on pull_request only, never pull_request_target", async () => {
    for (const name of ["pull-request.yml", "preview-close.yml"]) {
      const workflow = await readWorkflow(name);
      expect(Object.keys(workflow.on)).toEqual(["pull_request"]);
      expect(workflow.permissions).toEqual({ contents: "read" });
    }
  });

  test("validates content with the build, which annotates each error on its file and line", async () => {
    const { jobs } = await readWorkflow("pull-request.yml");
    expect(jobs.test?.steps.find((step) => step.name === "Validate content")?.run).toBe(
      "npm run build -- --annotations",
    );
    expect(jobs.test?.permissions).toBeUndefined();
  });

  test("the preview is built without credentials and uploaded by a job that runs none of the pull request's code", async () => {
    const { jobs } = await readWorkflow("pull-request.yml");
    const fromThisRepository = "github.event.pull_request.head.repo.full_name == github.repository";
    expect(jobs["preview-build"]?.if).toBe(fromThisRepository);
    expect(jobs["preview-build"]?.permissions).toEqual({ contents: "read" });
    const build = jobs["preview-build"]?.steps.find((step) => step.run === "npm run build");
    expect(build?.env?.SITE_ENV).toBe("staging");
    const deploy = jobs["preview-deploy"];
    expect(deploy?.needs).toBe("preview-build");
    expect(deploy?.environment).toMatchObject({ name: "preview" });
    expect(deploy?.permissions).toEqual({
      contents: "read",
      "id-token": "write",
      "pull-requests": "write",
      statuses: "write",
    });
    expect(deploy?.steps.some((step) => step.uses?.startsWith("actions/checkout@"))).toBe(false);
    const runs = (deploy?.steps ?? []).flatMap((step) => (step.run ? [step.run] : [])).join("\n");
    expect(runs).not.toMatch(/\b(npm|npx|tsx|node)\b/);
    expect(runs).toContain('aws s3 sync dist/ "s3://$BUCKET/$PREFIX/" --delete');
    // The address as the commit's status, with a context naming a deploy: where /admin's "Check for Preview" looks.
    expect(runs).toMatch(/statuses\/\$SHA" -f state=success -f context=deploy\/preview \\\n\s+-f target_url="\$URL"/);
    expect(deploy?.env?.PREFIX).toBe(`pr-\${{ github.event.pull_request.number }}`);
    // One comment, found by its marker and edited on each push.
    expect(runs).toMatch(/--method PATCH[^\n]*issues\/comments\/\$id/);
  });

  test("a closed pull request's preview is deleted", async () => {
    const workflow = await readWorkflow("preview-close.yml");
    expect(workflow.on.pull_request).toEqual({ types: ["closed"] });
    const job = workflow.jobs["delete-preview"];
    expect(job?.environment).toBe("preview");
    const runs = (job?.steps ?? []).flatMap((step) => (step.run ? [step.run] : [])).join("\n");
    expect(runs).toContain('aws s3 rm "s3://$BUCKET/$PREFIX/" --recursive');
    expect(runs).not.toMatch(/\b(npm|npx|tsx|node)\b/);
  });

  test.each(["deploy.yml", "pull-request.yml", "preview-close.yml"])(
    "%s pins every action by commit, with its version beside it",
    async (name) => {
      const lines = await usesLines(name);
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(line).toMatch(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
    },
  );
});

describe("/admin in the sites the workflows build", () => {
  test("saves to the workflow's own repository in production, staging and every pull request's preview", async () => {
    // What GitHub Actions puts in every step's environment, under the workflow's, the job's and the step's own.
    const runner = { CI: "true", GITHUB_ACTIONS: "true", GITHUB_REPOSITORY: "a/b" };
    const builds = [
      { file: "deploy.yml", job: "test", step: "Build the site and synthesize the stack", stack: true },
      { file: "pull-request.yml", job: "preview-build", step: "Build the preview", stack: false },
      { file: "pull-request.yml", job: "test", step: "Validate content", stack: false },
    ];
    for (const { file, job, step, stack } of builds) {
      const workflow = await readWorkflow(file);
      const found = workflow.jobs[job]?.steps.find((s) => s.name === step);
      expect(found?.run, `${file} ${step}`).toMatch(/^npm run (build|synth)\b/);
      const env = { ...runner, ...workflow.env, ...workflow.jobs[job]?.env, ...found?.env };
      // npm run synth builds inside the CDK app, for a stack: build/index.ts's deployment, with no githubRepo set.
      const backend = cmsBackendFromEnv(env, "https://www.example.com", stack ? { githubRepo: undefined } : undefined);
      const admin = cmsConfig({ backend, siteUrl: "https://www.example.com" });
      expect(admin.backend, `${file} ${step}`).toMatchObject({ name: "github", repo: "a/b" });
      expect(JSON.stringify(admin)).not.toContain("OWNER/REPOSITORY");
    }
  });
});
