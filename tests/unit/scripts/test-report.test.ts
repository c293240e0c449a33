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

  test("should name failed and flaky Playwright specs with their place and describe blocks, a timeout with the step it stopped in, counting a flake as passed", async () => {
    const spec = (title: string, line: number, status: string, ...errors: (string | object)[]) => ({
      title,
      file: "menu.spec.ts",
      line,
      tests: [
        {
          status,
          results: [{ errors: errors.map((e) => (typeof e === "string" ? { message: e } : e)) }, { errors: [] }],
        },
      ],
    });
    const file = await write({
      errors: [],
      stats: { expected: 1, unexpected: 2, flaky: 1 },
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
                spec("opens its dialog", 20, "unexpected", "Test timeout of 180000ms exceeded.", {
                  message: "Error: locator.click: Test timeout of 180000ms exceeded.\nCall log:",
                  location: { file: "/repo/tests/e2e/menu.spec.ts", line: 23 },
                }),
              ],
            },
          ],
        },
      ],
    });
    expect(await countPlaywright(file)).toEqual({
      passed: 2,
      failed: 2,
      failures: [
        "menu.spec.ts:9 > the phone menu > closes: Error: Timed out 5000ms waiting for expect(locator).toBeHidden()",
        "(flaky) menu.spec.ts:14 > the phone menu > traps focus: Error: expect(received).toBe(expected)",
        "menu.spec.ts:20 > the phone menu > opens its dialog: Test timeout of 180000ms exceeded. (at menu.spec.ts:23: Error: locator.click: Test timeout of 180000ms exceeded.)",
      ],
    });
  });
});
