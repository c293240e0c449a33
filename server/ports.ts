import { createServer } from "node:net";

/** Whether another process listens on `port` (tried on `host`, as the server that needs it would). */
export function portTaken(port: number, host = "127.0.0.1"): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
      .once("error", () => resolve(true))
      .listen(port, host, () => probe.close(() => resolve(false)));
  });
}

export interface WantedPort {
  port: number;
  host: string;
  /** The environment variable that moves it, named in the error. */
  setting: string;
  /** What it serves, as the line says it: "the site", "the mailbox". */
  serves: string;
}

/**
 * The one line npm start prints for the first wanted port another process holds, or undefined when all are free.
 * Checked before the build, so a taken port costs a second, not a build, and never a stack trace. A taken mailbox port
 * matters most: the handlers would mail into another server's mailbox and this one's would stay empty.
 */
export async function takenPortLine(wanted: readonly WantedPort[]): Promise<string | undefined> {
  for (const { port, host, setting, serves } of wanted) {
    if (port !== 0 && (await portTaken(port, host))) {
      return `npm start cannot serve ${serves}: port ${port} is in use (another npm start?): stop it, or set ${setting} to a free port.`;
    }
  }
  return undefined;
}
