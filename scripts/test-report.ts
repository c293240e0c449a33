import { readFile } from "node:fs/promises";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

/** What `npm test` reads from each runner's JSON report. */
export interface Counted {
  passed: number;
  failed: number;
  /** One line per failed case (file:line, name, the first line of its error), printed again at the very end. */
  failures: string[];
}

const firstLine = (message = "") =>
  (
    stripVTControlCharacters(message)
      .split("\n")
      .find((line) => line.trim() !== "") ?? ""
  )
    .trim()
    .slice(0, 300);

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: {
    name: string;
    status: string;
    message: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
}

/** vitest's JSON report: failed cases, and files that failed before any case ran (an import error, a crash). */
export const countVitest = async (file: string, rootDir: string): Promise<Counted> => {
  const report = JSON.parse(await readFile(file, "utf8")) as VitestReport;
  const failures = report.testResults.flatMap((result) => {
    const where = path.relative(rootDir, result.name);
    const cases = result.assertionResults
      .filter((test) => test.status === "failed")
      .map((test) => `${where} > ${test.fullName}: ${firstLine(test.failureMessages[0])}`);
    return cases.length === 0 && result.status === "failed" ? [`${where}: ${firstLine(result.message)}`] : cases;
  });
  return { passed: report.numPassedTests, failed: report.numFailedTests, failures };
};

interface PlaywrightError {
  message?: string;
  location?: { file: string; line: number };
}

/**
 * A timeout's first error says only "Test timeout of N ms exceeded"; the step it stopped in is a later error with a
 * location. Both are kept, so a CI log's tail says where a test hung.
 */
const describeErrors = (errors: PlaywrightError[]) => {
  const [first, ...rest] = errors;
  const stopped = rest.find((error) => error.location);
  const where = stopped?.location
    ? ` (at ${path.basename(stopped.location.file)}:${stopped.location.line}: ${firstLine(stopped.message)})`
    : "";
  return `${firstLine(first?.message)}${where}`;
};

interface PlaywrightSuite {
  title: string;
  specs?: {
    title: string;
    file: string;
    line: number;
    tests: { status: string; results: { errors?: PlaywrightError[] }[] }[];
  }[];
  suites?: PlaywrightSuite[];
}

/** Playwright's JSON report: failed specs (after retries) and flaky ones, so a flake is seen even when it passed. */
export const countPlaywright = async (file: string): Promise<Counted> => {
  const report = JSON.parse(await readFile(file, "utf8")) as {
    suites: PlaywrightSuite[];
    errors: { message?: string }[];
    stats: { expected: number; unexpected: number; flaky: number };
  };
  const failures: string[] = report.errors.map((error) => `playwright: ${firstLine(error.message)}`);
  const visit = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        if (test.status === "unexpected" || test.status === "flaky") {
          const name = [...titles, spec.title].filter(Boolean).join(" > ");
          failures.push(
            `${test.status === "flaky" ? "(flaky) " : ""}${spec.file}:${spec.line} > ${name}: ${describeErrors(test.results.find((result) => result.errors?.length)?.errors ?? [])}`,
          );
        }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const suite of report.suites) visit(suite, []);
  return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected, failures };
};
