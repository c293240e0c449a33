import { existsSync } from "node:fs";
import { connect } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CloudFormationClient, DescribeStacksCommand } from "@aws-sdk/client-cloudformation";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { LOCAL_LEADS_TABLE, localDynamoClient, startLocalDynamo } from "../server/local-dynamo.ts";

/**
 * The leads table for the operator scripts (npm run subscribers, leads export/erase): a deployed stack's, named by its
 * outputs, or the local one of `npm start` (its running dynalite, else the data folder opened here).
 */
export interface LeadTable {
  client: DynamoDBClient;
  tableName: string;
  /** Where it is, for messages. */
  where: string;
  /**
   * How the local store's files let go of a deleted item: "at close" when this process opened the folder (its close
   * compacts them), "at npm start's stop" when npm start's running store was used. Undefined for a deployed table.
   */
  compaction?: "at close" | "at npm start's stop";
  close(): Promise<void>;
}

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Thrown with a message for the operator; the scripts print it without a stack trace. */
export class TableError extends Error {
  override name = "TableError";
}

/** @param env where DYNAMO_PORT and LEADS_DIR are read: the process's own unless a test passes its own. */
export async function openLeadTable(
  stackName: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): Promise<LeadTable> {
  if (stackName) {
    const cloudFormation = new CloudFormationClient({});
    const { Stacks } = await cloudFormation
      .send(new DescribeStacksCommand({ StackName: stackName }))
      .catch((error: unknown) => {
        throw new TableError(
          `cannot read stack ${stackName}: ${error instanceof Error ? error.message : String(error)} (check AWS_PROFILE and AWS_REGION)`,
        );
      });
    const tableName = Stacks?.[0]?.Outputs?.find((output) => output.OutputKey === "LeadsTableName")?.OutputValue;
    if (!tableName)
      throw new TableError(`stack ${stackName} has no output LeadsTableName; deploy the current infra/ first`);
    const client = new DynamoDBClient({ region: await cloudFormation.config.region() });
    return { client, tableName, where: `stack ${stackName}`, close: async () => client.destroy() };
  }
  const port = Number(env.DYNAMO_PORT ?? 8006);
  const endpoint = `http://127.0.0.1:${port}`;
  if (await listening(port)) {
    const client = localDynamoClient(endpoint);
    return {
      client,
      tableName: LOCAL_LEADS_TABLE,
      where: endpoint,
      compaction: "at npm start's stop",
      close: async () => client.destroy(),
    };
  }
  const dataDir = path.resolve(rootDir, env.LEADS_DIR ?? ".data/dynamodb");
  if (!existsSync(dataDir))
    throw new TableError("nothing stored locally yet: start the site with npm start and send a form");
  const dynamo = await startLocalDynamo({ dataDir, port: 0 });
  return {
    client: dynamo.client,
    tableName: LOCAL_LEADS_TABLE,
    where: dataDir,
    compaction: "at close",
    close: () => dynamo.close(),
  };
}

/**
 * Whether something listens on the port (npm start's store). A refused connection means no; a connection that neither
 * opens nor is refused is an error, rather than opening the data folder beside a store that is only slow to answer
 * (and reading other leads than npm start's).
 */
export function listening(port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.setTimeout(10_000, () => {
      socket.destroy();
      reject(new TableError(`nothing answered on 127.0.0.1:${port} (DYNAMO_PORT) within 10 s; is npm start stuck?`));
    });
    socket.once("connect", () => {
      socket.end();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
