import path from "node:path";
import type { Writable } from "node:stream";
import { fileURLToPath } from "node:url";

/**
 * What an operator script reads and writes. Run from npm it is the process's own; a test calls the script's exported
 * function with its own environment and streams, so it needs no Node process per call.
 */
export interface CliIo {
  env: NodeJS.ProcessEnv;
  stdout: Writable;
  stderr: Writable;
}

/** A message for the operator: the script prints it as one line, without a stack trace, and exits with 1. */
export class CliFailure extends Error {
  override name = "CliFailure";
}

/** Whether the module at `moduleUrl` is the script Node was started with, rather than one a test imported. */
export function isEntryPoint(moduleUrl: string): boolean {
  return Boolean(process.argv[1]) && path.resolve(process.argv[1] ?? "") === fileURLToPath(moduleUrl);
}

/** Runs a script's main function on the process's own arguments and streams, and sets its exit code. */
export async function runAsScript(main: (args: readonly string[], io: CliIo) => Promise<number>): Promise<void> {
  process.exitCode = await main(process.argv.slice(2), {
    env: process.env,
    stdout: process.stdout,
    stderr: process.stderr,
  });
}
