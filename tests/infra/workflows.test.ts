import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { ROOT } from "../fixtures/content.ts";

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Job {
  permissions?: Record<string, string>;
  environment?: string;
  needs?: string | string[];
  outputs?: Record<string, string>;
  steps: Step[];
}
interface Workflow {
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
  test("only the deploy job may request an OIDC token, and it waits for the environment's gate", async () => {
    const workflow = await readWorkflow("deploy.yml");
    expect(workflow.permissions).toEqual({ contents: "read" });
    expect(workflow.jobs.test?.permissions).toEqual({ contents: "read" });
    expect(workflow.jobs.test?.environment).toBeUndefined();
    expect(workflow.jobs.deploy?.permissions).toEqual({ contents: "read", "id-token": "write" });
    expect(workflow.jobs.deploy?.environment).toBe(`\${{ needs.test.outputs.target }}`);
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
    expect(deployRuns.join("\n")).toMatch(/cdk deploy --app cdk\.out/);
    // The deploy job checks out the very commit the test job tested.
    expect(jobs.deploy?.steps[0]?.with?.ref).toBe(`\${{ needs.test.outputs.sha }}`);
  });

  test("runs every day as well as on pushes, so a scheduled post appears on its day", async () => {
    const workflow = await readWorkflow("deploy.yml");
    expect(workflow.on.push).toBeDefined();
    expect(workflow.on.schedule).toHaveLength(1);
    // minute hour * * *: once a day.
    expect(workflow.on.schedule?.[0]?.cron).toMatch(/^\d+ \d+ \* \* \*$/);
  });

  test.each(["deploy.yml", "pull-request.yml"])(
    "%s pins every action by commit, with its version beside it",
    async (name) => {
      const lines = await usesLines(name);
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(line).toMatch(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
    },
  );
});
