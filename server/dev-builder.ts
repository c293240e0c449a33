import "../build/production-react.ts";
import type { BuildSession } from "../build/index.ts";
import { describeError } from "../build/errors.ts";

/**
 * The build process behind `npm run dev` (server/dev.ts forks it). It keeps one build session, so each content
 * save re-renders only the pages it affects; a code change makes the parent start a fresh process instead.
 * Messages in: `{ changed?: string[] }`; out: `DevBuildResult`.
 */
export type DevBuildResult = { ok: true; ms: number; pages: number; rendered: number } | { ok: false; message: string };

const [contentDir, outDir, rootDir] = process.argv.slice(2);
if (!contentDir || !outDir || !rootDir) throw new Error("usage: dev-builder.ts <contentDir> <outDir> <rootDir>");
// Drafts and scheduled posts are built with their Draft banner: the editor previews them here before publishing.
// Loaded here rather than imported above: a syntax error in build/ or src/ then fails the first build with its
// file:line:column (build/errors.ts describeCodeError) for the overlay, instead of ending the process unexplained.
let session: Promise<BuildSession> | undefined;
const openSession = () =>
  import("../build/index.ts").then(
    ({ BuildSession }) =>
      new BuildSession({ rootDir, contentDir, outDir, drafts: true, log: (line) => console.log(line) }),
  );
// Files changed since the last good build: a failed build's changes still count for the next one.
const pending = new Set<string>();
let queue = Promise.resolve();

process.on("message", (message: { changed?: string[] }) => {
  queue = queue.then(async () => {
    const first = !message.changed;
    for (const file of message.changed ?? []) pending.add(file);
    let result: DevBuildResult;
    try {
      session ??= openSession();
      const built = await (await session).build(first ? undefined : [...pending]);
      pending.clear();
      console.log(`[build] ${built.rendered} of ${built.pages} pages rendered in ${built.ms} ms`);
      result = { ok: true, ms: built.ms, pages: built.pages, rendered: built.rendered };
    } catch (error) {
      const text = describeError(error);
      console.error(`\nBuild failed.\n${text}\n`);
      result = { ok: false, message: text };
    }
    process.send?.(result);
  });
});
process.on("disconnect", () => {
  process.exit(0);
});
