import type { ChildProcess } from "node:child_process";

/**
 * Stops a server a spec started and waits until it has exited: on SIGTERM it closes its lead store and compacts the
 * store's files, so removing its folder before then races with those writes (ENOTEMPTY).
 */
export async function stopServer(server: ChildProcess | undefined): Promise<void> {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  server.kill("SIGTERM");
  const killed = setTimeout(() => server.kill("SIGKILL"), 30_000);
  await exited;
  clearTimeout(killed);
}
