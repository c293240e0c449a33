import { type ChildProcess, spawn } from "node:child_process";

export interface DevServer {
  server: ChildProcess;
  /** Everything it printed so far, stdout and stderr. */
  output: () => string;
}

/**
 * `npm run dev` (server/start.ts --dev) started by a spec from `cwd` with `env` over the environment (its ports, content
 * and dist folders) and `args` after `--dev` (`--workflow`); resolves once it serves the site, or rejects with what it
 * printed after `timeoutMs`. Stop it with stopServer (./stop-server.ts).
 */
export function startDevServer(
  cwd: string,
  env: Record<string, string>,
  timeoutMs: number,
  args: readonly string[] = [],
): Promise<DevServer> {
  const server = spawn(process.execPath, ["--import", "tsx", "server/start.ts", "--dev", ...args], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let printed = "";
  const dev = { server, output: () => printed };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm run dev did not start:\n${printed}`)), timeoutMs);
    const read = (chunk: Buffer) => {
      printed += chunk;
      if (printed.includes("Site:")) {
        clearTimeout(timer);
        resolve(dev);
      }
    };
    server.stdout?.on("data", read);
    server.stderr?.on("data", read);
  });
}
