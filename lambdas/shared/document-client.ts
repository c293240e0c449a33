import { ConditionalCheckFailedException, type DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";

/**
 * The table's client that takes and gives plain values (lib-dynamodb marshals them). Every store wraps its client with
 * these same options: the wrapper writes them onto the client it is given, so two different ones would clash.
 * `removeUndefinedValues`: an optional field left undefined is not written at all, as the stores always did.
 */
export const documentClient = (client: DynamoDBClient) =>
  DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });

/** Runs a conditional write: false when its condition did not hold, any other error thrown. */
export async function conditional(run: () => Promise<unknown>): Promise<boolean> {
  try {
    await run();
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** A stored field as text, or undefined when it is missing or not text: one odd item must not stop a listing. */
export const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);
/** A stored field as a number, or undefined when it is missing or not a number. */
export const number = (value: unknown): number | undefined => (typeof value === "number" ? value : undefined);
