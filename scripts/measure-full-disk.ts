import "./require-node.ts";
import { randomUUID } from "node:crypto";
import { closeSync, openSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { createDynamoLeadStore } from "../lambdas/shared/lead-store.ts";
import { LOCAL_LEADS_TABLE, startLocalDynamo } from "../server/local-dynamo.ts";

/**
 * On a real full disk: the local store (dynalite, as `npm start` starts it) keeps its data in DIR, a
 * small file system of its own (e.g. `mount -t tmpfs -o size=6m tmpfs DIR`, as root). It stores 20 leads, then a
 * filler file takes every byte left, then it tries 20 more. Prints how each write was answered, whether the leads kept
 * before still read back whole, how 5 writes are answered once the filler is gone, and that this process is still
 * alive to say so (dynalite used to end it).
 *   npx tsx scripts/measure-full-disk.ts DIR
 */
const dir = process.argv[2];
if (!dir) {
  console.error("usage: npx tsx scripts/measure-full-disk.ts DIR (a small file system of its own)");
  process.exit(2);
}
const dynamo = await startLocalDynamo({ port: 0, dataDir: path.join(dir, "leads") });
const store = createDynamoLeadStore({ tableName: LOCAL_LEADS_TABLE, region: "us-east-1", client: dynamo.client });
const record = () => {
  const now = new Date().toISOString();
  return {
    submissionId: randomUUID(),
    form: "send-contact-email",
    status: "received" as const,
    receivedAt: now,
    updatedAt: now,
    attempts: 0,
    lead: { name: "Asha Verma", email: "asha@example.org", message: "x".repeat(2_000) },
    expiresAt: Math.floor(Date.now() / 1000) + 86_400,
  };
};
const kept = [];
for (let i = 0; i < 20; i++) {
  const lead = record();
  await store.put(lead);
  kept.push(lead);
}
// Every byte left goes to a filler file.
const filler = path.join(dir, "filler");
const fd = openSync(filler, "w");
const block = Buffer.alloc(64 * 1024, 1);
let filled = 0;
try {
  for (;;) filled += writeSync(fd, block);
} catch {}
for (let size = block.length / 2; size >= 1; size = Math.floor(size / 2)) {
  try {
    for (;;) filled += writeSync(fd, block, 0, size);
  } catch {}
}
closeSync(fd);
const answers: Record<string, number> = {};
for (let i = 0; i < 20; i++) {
  const outcome = await store.put(record()).then(
    (stored) => stored,
    (error: unknown) => (error instanceof Error ? error.name : String(error)),
  );
  answers[outcome] = (answers[outcome] ?? 0) + 1;
}
let intact = 0;
for (const lead of kept) {
  const read = await store.get(lead.submissionId).catch(() => undefined);
  if (read?.lead.message === lead.lead.message) intact += 1;
}
// Room again: does the store take writes without a restart?
rmSync(filler, { force: true });
const afterRoom: Record<string, number> = {};
for (let i = 0; i < 5; i++) {
  const outcome = await store.put(record()).then(
    (stored) => stored,
    (error: unknown) => (error instanceof Error ? error.name : String(error)),
  );
  afterRoom[outcome] = (afterRoom[outcome] ?? 0) + 1;
}
console.log(
  JSON.stringify({
    fillerBytes: filled,
    writesOnFullDisk: answers,
    keptBefore: kept.length,
    intact,
    afterRoom,
    alive: true,
  }),
);
await dynamo.close();
