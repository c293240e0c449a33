import "./require-node.ts";
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { generate, names } from "./synthetic-content.ts";

/**
 * `npm run bench:dev`: how long after an editor saves one article does the browser show it, at 1,000 posts? Starts
 * `npm run dev` over synthetic content (as bench:scaling makes it), listens to the dev server's reload events like
 * the page does, then saves one article several times and measures save → reload event → the new text served.
 *
 *   --posts N   articles (default 1000)   --saves N   edits to time (default 7)   --port N   (default 4186, SES +1)
 */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values: args } = parseArgs({
  options: {
    posts: { type: "string", default: "1000" },
    saves: { type: "string", default: "7" },
    port: { type: "string", default: "4186" },
  },
});
const port = Number(args.port);
const base = `http://127.0.0.1:${port}`;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(", ");

/** Resolves when the server prints `marker`; rejects if it exits first. */
function waitForOutput(child: ChildProcess, marker: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(
      () => reject(new Error(`No "${marker}" within ${timeoutMs} ms:\n${output.slice(-3000)}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes(marker)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", (code) => reject(new Error(`npm run dev exited with ${code}:\n${output.slice(-3000)}`)));
  });
}

/** The dev server's event stream, as the page's reload script reads it: resolves `next(event)` on each event. */
async function events(): Promise<{ next: (name: string) => Promise<void>; close: () => void }> {
  const controller = new AbortController();
  const response = await fetch(`${base}/__dev/events`, { signal: controller.signal });
  const reader = response.body?.getReader();
  if (!reader) throw new Error("No event stream");
  let buffered = "";
  const decoder = new TextDecoder();
  return {
    async next(name) {
      for (;;) {
        const at = buffered.indexOf(`event: ${name}\n`);
        if (at >= 0) {
          buffered = buffered.slice(at + name.length + 8);
          return;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error("The event stream ended");
        buffered += decoder.decode(value, { stream: true });
      }
    },
    close: () => controller.abort(),
  };
}

const work = await mkdtemp(path.join(tmpdir(), "bench-dev-"));
let server: ChildProcess | undefined;
try {
  const contentDir = path.join(work, "content");
  await generate(path.join(rootDir, "content"), contentDir, { posts: Number(args.posts), products: 10, projects: 24 });
  const slug = (await names(path.join(contentDir, "blog"), ".md")).at(-1)?.replace(/\.md$/, "") ?? "";
  const file = path.join(contentDir, "blog", `${slug}.md`);
  console.log(`Load average ${load()}. ${args.posts} posts in ${work}; editing content/blog/${slug}.md`);

  const started = performance.now();
  server = spawn(process.execPath, ["--import", "tsx", "server/start.ts", "--dev"], {
    cwd: rootDir,
    env: {
      ...process.env,
      PORT: String(port),
      SES_PORT: String(port + 1),
      CONTENT_DIR: contentDir,
      DIST_DIR: path.join(work, "dist"),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  await waitForOutput(server, "Site:", 300_000);
  console.log(`First (clean) build and server start: ${Math.round(performance.now() - started)} ms`);
  const stream = await events();

  const original = await readFile(file, "utf8");
  const timings: { reload: number; served: number }[] = [];
  for (let i = 1; i <= Number(args.saves); i += 1) {
    const marker = `Benchmark edit number ${i}.`;
    const t0 = performance.now();
    await writeFile(file, `${original}\n${marker}\n`);
    await stream.next("reload");
    const reload = performance.now() - t0;
    const html = await (await fetch(`${base}/blog/${slug}`)).text();
    const served = performance.now() - t0;
    if (!html.includes(marker)) throw new Error(`Save ${i}: the page did not show the edit after the reload event`);
    timings.push({ reload, served });
    console.log(
      `Save ${i}: reload event after ${Math.round(reload)} ms, new page served after ${Math.round(served)} ms`,
    );
    // Let the watcher settle, as between an editor's saves.
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  stream.close();
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  console.log(
    `\nOne-article edit at ${args.posts} posts: median ${Math.round(median(timings.map((t) => t.reload)))} ms to the reload event, ` +
      `${Math.round(median(timings.map((t) => t.served)))} ms until the new page is served (first save included: ` +
      `${Math.round(timings[0]?.served ?? 0)} ms). Load average ${load()}.`,
  );
} finally {
  server?.kill("SIGTERM");
  await rm(work, { recursive: true, force: true });
}
