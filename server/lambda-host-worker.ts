import { parentPort, workerData } from "node:worker_threads";
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from "aws-lambda";
import { provideLocalLeadQueue } from "../lambdas/shared/lead-queue.ts";
import type { RetryMessage } from "../lambdas/shared/lead-record.ts";
import { loadHandlers } from "./load-handlers.ts";
import { LOCAL_FUNCTION_TIMEOUT_MS } from "./lambda-adapter.ts";

/** One generation of the local API (server/lambda-host.ts): the handlers, loaded with the environment it was given. */
export type HostRequest = { id: number; name: string; event: APIGatewayProxyEventV2 };
export type HostReply =
  | { id: number; result: APIGatewayProxyResultV2 }
  | { id: number; error: string }
  | { ready: string[] }
  | { failed: string }
  | { enqueue: RetryMessage; delaySeconds: number };

const port = parentPort;
if (!port) throw new Error("server/lambda-host-worker.ts runs only as a worker thread");
const { rootDir } = workerData as { rootDir: string };
// The retry queue lives in the server's thread, where deliver-lead consumes it: a message goes there.
provideLocalLeadQueue({
  async enqueue(message, delaySeconds) {
    port.postMessage({ enqueue: message, delaySeconds } satisfies HostReply);
  },
});
try {
  const handlers = await loadHandlers(rootDir);
  port.on("message", async ({ id, name, event }: HostRequest) => {
    const handler = handlers.get(name);
    try {
      if (!handler) throw new Error(`No function ${name}`);
      // The function's timeout counts from when the call reaches the worker, as Lambda's does from the invocation.
      const ends = performance.now() + LOCAL_FUNCTION_TIMEOUT_MS;
      const context = {
        awsRequestId: event.requestContext.requestId,
        getRemainingTimeInMillis: () => Math.max(0, Math.floor(ends - performance.now())),
      };
      port.postMessage({ id, result: await handler(event, context) } satisfies HostReply);
    } catch (error) {
      port.postMessage({
        id,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      } satisfies HostReply);
    }
  });
  port.postMessage({ ready: [...handlers.keys()] } satisfies HostReply);
} catch (error) {
  port.postMessage({
    failed: error instanceof Error ? (error.stack ?? error.message) : String(error),
  } satisfies HostReply);
}
