import { type LocalDynamo, LocalStoreError, startLocalDynamo } from "../../../server/local-dynamo.ts";

/**
 * An in-memory dynalite with the leads table as the stack creates it, for the stores' unit tests (in-process, so
 * StrykerJS can switch mutants in the stores). `TEST_PORTS=52100-52199` keeps it to ports a shared machine gave this
 * run, the first free one; unset, the system picks one. With `dataDir` the table lives in that folder (in memory when
 * undefined).
 */
export async function startLocalTable({ dataDir }: { dataDir?: string } = {}): Promise<LocalDynamo> {
  const [first = 0, last = first] = (process.env.TEST_PORTS ?? "").split("-").map(Number);
  for (let port = first; port <= last; port++) {
    try {
      return await startLocalDynamo({ port, dataDir });
    } catch (error) {
      // Taken by another test file running beside this one: the next port.
      const taken = error instanceof LocalStoreError || (error as NodeJS.ErrnoException).code === "EADDRINUSE";
      if (!taken || port === last) throw error;
    }
  }
  throw new Error(`TEST_PORTS=${process.env.TEST_PORTS} names no port`);
}
