import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { countPlaywright, countVitest } from "../../../scripts/test-report.ts";

const write = async (report: unknown) => {
  const file = path.join(await mkdtemp(path.join(tmpdir(), "test-report-")), "report.json");
  await writeFile(file, JSON.stringify(report));
  return file;
};

describe("npm test's closing list of what failed", () => {
  test("should name each failed vitest case by file and name, with its error's first line without colours", async () => {
    const file = await write({
      numPassedTests: 1,
      numFailedTests: 1,
      testResults: [
        {
          name: "/repo/tests/unit/a.test.ts",
          status: "failed",
          message: "",
          assertionResults: [
            { fullName: "a works", status: "passed", failureMessages: [] },
            {
              fullName: "a fails",
              status: "failed",
              failureMessages: ["\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n    at a.test.ts:3:1"],
            },
          ],
        },
        {
          name: "/repo/tests/unit/b.test.ts",
          status: "failed",
          message: "\nCannot find module './gone.ts'",
          assertionResults: [],
        },
      ],
    });
    expect(await countVitest(file, "/repo")).toEqual({
      passed: 1,
      failed: 1,
      failures: [
        "tests/unit/a.test.ts > a fails: AssertionError: expected 1 to be 2",
        "tests/unit/b.test.ts: Cannot find module './gone.ts'",
      ],
    });
  });

  test("should name failed and flaky Playwright specs with their place and describe blocks, counting a flake as passed", async () => {
    const spec = (title: string, line: number, status: string, message?: string) => ({
      title,
      file: "menu.spec.ts",
      line,
      tests: [{ status, results: [{ errors: message ? [{ message }] : [] }, { errors: [] }] }],
    });
    const file = await write({
      errors: [],
      stats: { expected: 1, unexpected: 1, flaky: 1 },
      suites: [
        {
          title: "menu.spec.ts",
          specs: [],
          suites: [
            {
              title: "the phone menu",
              specs: [
                spec("opens", 4, "expected"),
                spec(
                  "closes",
                  9,
                  "unexpected",
                  "Error: Timed out 5000ms waiting for expect(locator).toBeHidden()\n\nCall log:",
                ),
                spec("traps focus", 14, "flaky", "Error: expect(received).toBe(expected)"),
              ],
            },
          ],
        },
      ],
    });
    expect(await countPlaywright(file)).toEqual({
      passed: 2,
      failed: 1,
      failures: [
        "menu.spec.ts:9 > the phone menu > closes: Error: Timed out 5000ms waiting for expect(locator).toBeHidden()",
        "(flaky) menu.spec.ts:14 > the phone menu > traps focus: Error: expect(received).toBe(expected)",
      ],
    });
  });
});
