import { mkdirSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ResourceInUseException } from "@aws-sdk/client-dynamodb";
import dynalite from "dynalite";
import { BY_RECEIVED_AT_INDEX } from "../lambdas/shared/lead-record.ts";

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
const startDynalite: Dynalite = (dynalite as unknown as { default?: Dynalite }).default ?? (dynalite as unknown as Dynalite);

/**
 * Starts dynalite (a DynamoDB on LevelDB) on 127.0.0.1, keeping its data in `dataDir` (in memory when undefined),
 * and creates the leads table with the deployed table's key schema and index if it is not there yet.
 * @param port 0 picks a free port.
 */
export async function startLocalDynamo({ dataDir, port }: { dataDir?: string; port: number }): Promise<LocalDynamo> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const server = startDynalite({ path: dataDir, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
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
    close: () =>
      new Promise((resolve) => {
        client.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A client for a local DynamoDB: any credentials do. */
export function localDynamoClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({ region: "us-east-1", endpoint, credentials: { accessKeyId: "local", secretAccessKey: "local" } });
}

/** Creates the leads table as the stack does (pk only, GSI byReceivedAt on kind + receivedAt, projection ALL). */
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
          { AttributeName: "receivedAt", AttributeType: "S" },
        ],
        KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
        GlobalSecondaryIndexes: [
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
}
