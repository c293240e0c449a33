import { Worker } from "node:worker_threads";
import type { LeadQueue } from "../lambdas/shared/lead-queue.ts";
import type { LambdaHandler } from "./lambda-adapter.ts";
import type { HostReply, HostRequest } from "./lambda-host-worker.ts";

interface Generation {
  worker: Worker;
  ready: Promise<void>;
  pending: Map<number, { resolve: (reply: HostReply) => void; reject: (error: Error) => void }>;
}

/**
 * The local API for `npm run dev`: the Lambda handlers run in a worker thread, and `reload()` starts a new one with
 * a fresh environment, so the handlers see products and packages added or renamed in content/ without a restart
 * (they read their catalogue once, at start, as in AWS). Calls in flight finish on the generation they started on.
 * What the handlers put on the retry queue is forwarded to `queue`, the server's, which deliver-lead consumes.
 */
export class LambdaHost {
  readonly #rootDir: string;
  readonly #env: () => Record<string, string | undefined>;
  readonly #queue: LeadQueue;
  #current: Generation | undefined;
  #nextId = 0;

  constructor(rootDir: string, env: () => Record<string, string | undefined>, queue: LeadQueue) {
    this.#rootDir = rootDir;
    this.#env = env;
    this.#queue = queue;
    this.#current = this.#start();
  }

  /** A handler per function name that calls whichever generation is current. */
  handlers(names: Iterable<string>): Map<string, LambdaHandler> {
    return new Map([...names].map((name) => [name, (event) => this.#call(name, event)]));
  }

  /** Starts a generation with the environment as it is now; the old one ends once its calls are answered. */
  async reload(): Promise<void> {
    const old = this.#current;
    const next = this.#start();
    await next.ready;
    this.#current = next;
    if (old) this.#retire(old);
  }

  async close(): Promise<void> {
    await this.#current?.worker.terminate();
  }

  #start(): Generation {
    const worker = new Worker(new URL("./lambda-host-worker.ts", import.meta.url), {
      workerData: { rootDir: this.#rootDir },
      env: this.#env(),
      execArgv: process.execArgv.some((arg) => arg.includes("tsx"))
        ? process.execArgv
        : [...process.execArgv, "--import", "tsx"],
    });
    const pending: Generation["pending"] = new Map();
    const ready = new Promise<void>((resolve, reject) => {
      worker.on("message", (reply: HostReply) => {
        if ("enqueue" in reply) {
          void this.#queue
            .enqueue(reply.enqueue, reply.delaySeconds)
            .catch((error: unknown) => console.error("[api] could not queue a retry", error));
          return;
        }
        if ("ready" in reply) return resolve();
        if ("failed" in reply) return reject(new Error(`The local API could not load the handlers:\n${reply.failed}`));
        pending.get(reply.id)?.resolve(reply);
        pending.delete(reply.id);
      });
      worker.on("error", (error) => {
        reject(error);
        for (const call of pending.values()) call.reject(error);
        pending.clear();
      });
    });
    ready.catch(() => {});
    return { worker, ready, pending };
  }

  async #call(name: string, event: HostRequest["event"]) {
    const generation = this.#current;
    if (!generation) throw new Error("The local API is closed");
    await generation.ready;
    const id = this.#nextId++;
    const reply = await new Promise<HostReply>((resolve, reject) => {
      generation.pending.set(id, { resolve, reject });
      generation.worker.postMessage({ id, name, event } satisfies HostRequest);
    });
    if ("error" in reply) throw new Error(`lambdas/${name} threw:\n${reply.error}`);
    if (!("result" in reply)) throw new Error(`lambdas/${name} gave no result`);
    return reply.result;
  }

  #retire(generation: Generation): void {
    const waitForCalls = () => {
      if (generation.pending.size === 0) void generation.worker.terminate();
      else setTimeout(waitForCalls, 100);
    };
    waitForCalls();
  }
}
