import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import path from "node:path";
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceInUseException,
} from "@aws-sdk/client-dynamodb";
import dynalite from "dynalite";
import { BY_DAY_INDEX, BY_RECEIVED_AT_INDEX, LEAD_INDEX_FIELDS } from "../lambdas/shared/lead-record.ts";
import { answerDynaliteWriteErrors } from "./dynalite-write-errors.ts";
import { portTaken } from "./ports.ts";

/** The local table's name (the deployed one is named by the stack and read from its outputs). */
export const LOCAL_LEADS_TABLE = "leads";

export interface LocalDynamo {
  endpoint: string;
  /** Where the data lives; undefined when in memory. */
  dataDir: string | undefined;
  client: DynamoDBClient;
  close(): Promise<void>;
}

type Dynalite = typeof dynalite;
/** dynalite is CommonJS; Node and Vite's interop wrap its export differently. */
const startDynalite: Dynalite =
  (dynalite as unknown as { default?: Dynalite }).default ?? (dynalite as unknown as Dynalite);

/** The LevelDB that dynalite keeps its data in, loaded as dynalite loads it (it is dynalite's dependency, not ours). */
const { Level } = createRequire(createRequire(import.meta.url).resolve("dynalite"))("level") as {
  Level: new (
    location: string,
    options: { valueEncoding: "json" },
  ) => {
    open(): Promise<void>;
    compactRange(start: string, end: string): Promise<void>;
    close(): Promise<void>;
  };
};

/**
 * Rewrites the store's files so that what was deleted is gone from them too: LevelDB keeps a deleted value in its log
 * and table files until a compaction reaches it, and an erased visitor's address must not stay on the disk. Runs only
 * while dynalite does not hold the folder: dynalite leaves its scans' iterators open, and an open iterator pins every
 * value it could see, so a compaction beside a running dynalite keeps them (measured: the address stayed).
 */
async function compactStore(dataDir: string): Promise<void> {
  const db = new Level(dataDir, { valueEncoding: "json" });
  await db.open();
  try {
    // dynalite's keys are `<sublevel>~…` text: all above "" and below U+FFFF.
    await db.compactRange("", "\uffff");
  } finally {
    await db.close();
  }
}

/** The local store cannot start; the message is one line saying why and what to do. */
export class LocalStoreError extends Error {
  override name = "LocalStoreError";
}

/**
 * Marks `dataDir` as this process's with a pid file. LevelDB's own lock cannot be caught once dynalite has opened
 * the folder (the process dies), so a second server on the same folder is stopped here, before it opens it. A pid
 * file left by a killed server names a process that is gone, and is taken over.
 * @returns a function that gives the folder up.
 */
function holdDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, "server.pid");
  let holder = 0;
  try {
    holder = Number(readFileSync(file, "utf8"));
  } catch {}
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === "EPERM";
    }
  };
  if (holder > 0 && holder !== process.pid && alive(holder)) {
    throw new LocalStoreError(
      `${dataDir} is in use by process ${holder} (another npm start?): stop it, or set LEADS_DIR to another folder`,
    );
  }
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}

/**
 * Starts dynalite (a DynamoDB on LevelDB) on 127.0.0.1, keeping its data in `dataDir` (in memory when undefined),
 * and creates the leads table with the deployed table's key schema and index if it is not there yet. It never falls
 * back to memory: a store that cannot keep leads must not take any.
 * @param port 0 picks a free port.
 * @throws LocalStoreError when the port or the folder is taken by another process.
 */
export async function startLocalDynamo({ dataDir, port }: { dataDir?: string; port: number }): Promise<LocalDynamo> {
  if (port !== 0 && (await portTaken(port))) {
    throw new LocalStoreError(
      `port ${port} is in use (another npm start?): stop it, or set DYNAMO_PORT to a free port`,
    );
  }
  let release = () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    release = holdDataDir(dataDir);
    // What was deleted while the last server ran (an erase beside npm start) leaves the files now. A failure here is
    // not the store's: dynalite opening the same folder next says what is wrong with it, in its own words.
    await compactStore(dataDir).catch(() => undefined);
  }
  // A write the disk refuses is answered as an error, not thrown: a full disk must not end the server.
  answerDynaliteWriteErrors();
  const server = startDynalite({ path: dataDir, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  const stop = () =>
    new Promise<void>((resolve) =>
      server.close(() => {
        // Compacted as it closes, so an erase that opened the folder leaves no copy behind; if this fails, the next
        // start compacts again.
        const compacted = dataDir ? compactStore(dataDir).catch(() => undefined) : Promise.resolve();
        void compacted.then(() => {
          release();
          resolve();
        });
      }),
    );
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = localDynamoClient(endpoint);
  await ensureLeadsTable(client, LOCAL_LEADS_TABLE).catch(async (error: unknown) => {
    client.destroy();
    await stop();
    throw error;
  });
  return {
    endpoint,
    dataDir,
    client,
    close: () => {
      client.destroy();
      return stop();
    },
  };
}

/** A client for a local DynamoDB: any credentials do. */
export function localDynamoClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({
    region: "us-east-1",
    endpoint,
    credentials: { accessKeyId: "local", secretAccessKey: "local" },
  });
}

/**
 * Creates the leads table as the stack does (pk only; GSI byDay on day + receivedAt with the listing fields, GSI
 * byReceivedAt on kind + receivedAt for subscribers).
 */
export async function ensureLeadsTable(client: DynamoDBClient, tableName: string): Promise<void> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return;
  } catch (error) {
    if (!(error instanceof Error) || error.name !== "ResourceNotFoundException") throw error;
  }
  try {
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: "PAY_PER_REQUEST",
        AttributeDefinitions: [
          { AttributeName: "pk", AttributeType: "S" },
          { AttributeName: "kind", AttributeType: "S" },
          { AttributeName: "day", AttributeType: "S" },
          { AttributeName: "receivedAt", AttributeType: "S" },
        ],
        KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
        GlobalSecondaryIndexes: [
          {
            // As the stack defines it (infra/lib/constructs/lead-store.ts): day + receivedAt, a few fields.
            IndexName: BY_DAY_INDEX,
            KeySchema: [
              { AttributeName: "day", KeyType: "HASH" },
              { AttributeName: "receivedAt", KeyType: "RANGE" },
            ],
            Projection: { ProjectionType: "INCLUDE", NonKeyAttributes: LEAD_INDEX_FIELDS },
          },
          {
            IndexName: BY_RECEIVED_AT_INDEX,
            KeySchema: [
              { AttributeName: "kind", KeyType: "HASH" },
              { AttributeName: "receivedAt", KeyType: "RANGE" },
            ],
            Projection: { ProjectionType: "ALL" },
          },
        ],
      }),
    );
  } catch (error) {
    if (!(error instanceof ResourceInUseException)) throw error;
  }
  await whenActive(client, tableName);
}

async function whenActive(client: DynamoDBClient, tableName: string): Promise<void> {
  // dynalite answers CreateTable with the table still CREATING, and refuses items until it is ACTIVE: a lead sent at
  // once (a test, a fast first visitor) would be refused as "resource not found".
  for (let tries = 0; tries < 100; tries++) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (
      Table?.TableStatus === "ACTIVE" &&
      (Table.GlobalSecondaryIndexes ?? []).every((index) => index.IndexStatus === "ACTIVE")
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the local table ${tableName} did not become ACTIVE within 5 s`);
}
