import { type ChildProcess, spawn } from "node:child_process";

export interface DevServer {
  server: ChildProcess;
  /** Everything it printed so far, stdout and stderr. */
  output: () => string;
}

/** Where a spec's `npm run dev` runs: its own ports and folders, never those of the server the other specs share. */
export interface DevServerSetup {
  /** The checkout, or a copy of the project. */
  cwd: string;
  /** The site's port (/admin's backend is served on it too) and the SES emulator's (the lead store takes the next one). */
  port: number;
  sesPort: number;
  /**
   * Its leads, content and build: inherited from npm test, DIST_DIR would be the build every other browser test
   * reads, and this server's first build would empty it under them.
   */
  leadsDir: string;
  contentDir: string;
  distDir: string;
  /** How long its first build may take before the start counts as failed. */
  timeoutMs: number;
  /** After `--dev`, e.g. `--workflow`. */
  args?: readonly string[];
}

/**
 * The ports of a spec's own `npm run dev`, set apart from the shared server's (playwright.config.ts: E2E_PORT and
 * E2E_SES_PORT, its store on the next) by `offset`, an even number under 10, so that every server of a run stays
 * within ten ports of each base; with the site's address.
 */
export function devServerPorts(offset: 2 | 4 | 6 | 8) {
  const port = Number(process.env.E2E_PORT ?? 4173) + offset;
  return { port, sesPort: Number(process.env.E2E_SES_PORT ?? 8025) + offset, base: `http://127.0.0.1:${port}` };
}

/**
 * `npm run dev` (server/start.ts --dev) started by a spec; resolves once it serves the site, or rejects with what it
 * printed after `timeoutMs`. Stop it with stopServer (./stop-server.ts).
 */
export function startDevServer(setup: DevServerSetup): Promise<DevServer> {
  const { cwd, port, sesPort, leadsDir, contentDir, distDir, timeoutMs, args = [] } = setup;
  const env = {
    PORT: String(port),
    SES_PORT: String(sesPort),
    DYNAMO_PORT: String(sesPort + 1),
    LEADS_DIR: leadsDir,
    CONTENT_DIR: contentDir,
    DIST_DIR: distDir,
  };
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
