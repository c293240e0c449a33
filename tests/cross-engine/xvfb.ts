import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";

/**
 * Xvfb on the first free display (it writes the number it took to fd 3): WebKitGTK's MiniBrowser has no headless mode,
 * and a Chromium with no driver attached takes its pointer input from X (chromium-driverless.ts).
 */
export async function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  const xvfb = spawn("Xvfb", ["-displayfd", "3", "-screen", "0", "1440x1000x24", "-nolisten", "tcp"], {
    stdio: ["ignore", "ignore", "pipe", "pipe"],
  });
  const fd = xvfb.stdio[3];
  if (!fd) throw new Error("Xvfb: no display pipe");
  let stderr = "";
  xvfb.stderr?.on("data", (chunk) => {
    stderr += String(chunk);
  });
  const number = await Promise.race([
    once(fd, "data").then(([chunk]) => String(chunk).trim()),
    once(xvfb, "exit").then(() => {
      throw new Error(`Xvfb did not start (is the xvfb package installed?): ${stderr.trim()}`);
    }),
  ]);
  return { display: `:${number}`, process: xvfb };
}
