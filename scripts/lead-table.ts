import { existsSync } from "node:fs";
import { connect } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CloudFormationClient, DescribeStacksCommand } from "@aws-sdk/client-cloudformation";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { LOCAL_LEADS_TABLE, localDynamoClient, startLocalDynamo } from "../server/local-dynamo.ts";

/**
 * The leads table for the operator scripts (npm run leads, npm run subscribers): a deployed stack's, named by its
 * outputs, or the local one of `npm start` (its running dynalite, else the data folder opened here).
 */
export interface LeadTable {
  client: DynamoDBClient;
  tableName: string;
  /** Where it is, for messages: which store answered is the first thing to doubt. */
  where: string;
  /** The deployed stack's retry queue and its dead-letter queue; none locally, where npm start mails at once. */
  queues?: { url: string; arn: string; deadLetterArn: string };
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
    const outputs = new Map((Stacks?.[0]?.Outputs ?? []).map((output) => [output.OutputKey, output.OutputValue]));
    const need = (key: string) => {
      const value = outputs.get(key);
      if (!value) throw new TableError(`stack ${stackName} has no output ${key}; deploy the current infra/ first`);
      return value;
    };
    const tableName = need("LeadsTableName");
    const queues = {
      url: need("LeadQueueUrl"),
      arn: need("LeadQueueArn"),
      deadLetterArn: need("LeadDeadLetterQueueArn"),
    };
    const region = await cloudFormation.config.region();
    const client = new DynamoDBClient({ region });
    const where = `table ${tableName} of stack ${stackName} (${region})`;
    return { client, tableName, where, queues, close: async () => client.destroy() };
  }
  const port = Number(env.DYNAMO_PORT ?? 8006);
  const endpoint = `http://127.0.0.1:${port}`;
  if (await listening(port)) {
    const client = localDynamoClient(endpoint);
    return {
      client,
      tableName: LOCAL_LEADS_TABLE,
      where: `the local store of the running npm start (${endpoint})`,
      compaction: "at npm start's stop",
      close: async () => client.destroy(),
    };
  }
  const dataDir = path.resolve(rootDir, env.LEADS_DIR ?? ".data/dynamodb");
  if (!existsSync(dataDir)) throw new TableError("no local leads yet: start the site with npm start and send a form");
  const dynamo = await startLocalDynamo({ dataDir, port: 0 });
  return {
    client: dynamo.client,
    tableName: LOCAL_LEADS_TABLE,
    where: `the local store's folder ${path.relative(rootDir, dataDir) || dataDir} (npm start is not running)`,
    compaction: "at close",
    close: () => dynamo.close(),
  };
}

/**
 * Whether something listens on the port (npm start's store). A refused connection means no; a connection that neither
 * opens nor is refused is an error, rather than opening the data folder beside a store that is only slow to answer
 * (and reading other leads than npm start's).
 */
function listening(port: number): Promise<boolean> {
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
