import { createRequire } from "node:module";
import type { DynaliteLevel, DynaliteStore } from "dynalite/db";
import { STORE_CANNOT_WRITE } from "../lambdas/shared/lead-store.ts";

/** An error dynalite answers as a DynamoDB error (`sendData(req, res, err.body, err.statusCode)`) instead of throwing. */
interface AnsweredError extends Error {
  statusCode?: number;
  body?: { __type: string; message: string };
}

const GUARDED = Symbol.for("leads.dynalite-write-errors");

/**
 * Makes every dynalite server of this process answer a failed write with an error instead of ending the process.
 * dynalite ends a request whose storage call failed with `if (err) throw err` (index.js): with LEADS_DIR on a full disk
 * LevelDB fails the write (LEVEL_IO_ERROR, "No space left on device") and `npm start` died whole, site, API, mailbox
 * and retry queue with it. Here a write LevelDB refuses is answered as `LocalStoreCannotWrite` (HTTP 507,
 * not one the SDK retries: a full disk is not full for a second only), which the lead handler answers 503 with the
 * form's failure text. Reads are left alone: what was kept before stays readable. dynalite makes its store inside
 * `dynalite()`, so its `create` is wrapped once, before the first server starts.
 */
export function answerDynaliteWriteErrors(): void {
  const storage = createRequire(import.meta.url)("dynalite/db") as {
    create: (options: object) => DynaliteStore;
    [GUARDED]?: true;
  };
  if (storage[GUARDED]) return;
  const create = storage.create;
  storage.create = (options) => {
    const store = create(options);
    guardWrites(store.db);
    return store;
  };
  storage[GUARDED] = true;
}

/** Wraps the callback of each write so that a storage error reaches dynalite as an answer. */
function guardWrites(db: DynaliteLevel): void {
  for (const method of ["put", "del", "batch"] as const) {
    const write = db[method].bind(db);
    db[method] = (...args: unknown[]) => {
      const callback = args.at(-1);
      // dynalite's requests all pass a callback; its own promise calls (table set-up) fail the start, as they should.
      if (typeof callback !== "function") return write(...args);
      return write(...args.slice(0, -1), (error: AnsweredError | null | undefined, ...rest: unknown[]) =>
        callback(error && error.statusCode === undefined ? cannotWrite(error) : error, ...rest),
      );
    };
  }
}

/** The storage error as DynamoDB-style error answer; its message names LevelDB's reason (the disk is full). */
function cannotWrite(error: AnsweredError): AnsweredError {
  return Object.assign(error, {
    statusCode: 507,
    body: {
      __type: `com.amazonaws.dynamodb.v20120810#${STORE_CANNOT_WRITE}`,
      message: `The local store cannot write: ${error.message}`,
    },
  });
}
