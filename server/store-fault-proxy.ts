import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Holds } from "./fault-holds.ts";

/**
 * pass: forwarded to the local DynamoDB; refuse: the connection is dropped at once (nothing written); hang: accepted
 * and never answered (nothing written); slow: forwarded (the write lands) but the answer is held, until `release()` or
 * for `slowMs`, later than the store client waits.
 */
export type StoreFault = "pass" | "refuse" | "hang" | "slow";

export interface StoreFaultProxy {
  url: string;
  /**
   * Every request from now on gets this; with `operations` (DynamoDB's names, e.g. "PutItem"), only those requests do
   * and the others pass.
   */
  set(fault: StoreFault, operations?: ReadonlyArray<string>): void;
  /** Requests so far, by what they got. */
  readonly counts: Record<StoreFault, number>;
  /** Requests waiting now: hanging ones, and slow ones whose answer is held. */
  readonly held: number;
  /** Resolves once `count` requests are waiting at once (the store client now waits on its own clock). */
  whenHeld(count: number): Promise<void>;
  /** Answers every held slow request now and drops every hanging one; returns how many there were. */
  release(): number;
  close(): Promise<void>;
}

/** The operation a DynamoDB request asks for: its X-Amz-Target is `DynamoDB_20120810.<Operation>`. */
const operationOf = (target: string | string[] | undefined) => String(target ?? "").replace(/^.*\./, "");

/**
 * A fault-injecting proxy in front of the local DynamoDB, for tests and the load script: the handlers and deliver-lead
 * talk to it as if it were the table. Listens on 127.0.0.1 only.
 */
export async function startStoreFaultProxy({
  target,
  slowMs,
}: {
  target: string;
  /** How late a `slow` answer comes; unset, it waits for `release()` (a test moves its own clock meanwhile). */
  slowMs?: number;
}): Promise<StoreFaultProxy> {
  const to = new URL(target);
  let fault: StoreFault = "pass";
  let only: ReadonlySet<string> | undefined;
  const counts: Record<StoreFault, number> = { pass: 0, refuse: 0, hang: 0, slow: 0 };
  const waiting = new Holds();
  const server: Server = createServer((req, res) => {
    const now = only && !only.has(operationOf(req.headers["x-amz-target"])) ? "pass" : fault;
    counts[now] += 1;
    if (now === "refuse") return void req.socket.destroy();
    if (now === "hang") {
      req.resume();
      return waiting.hold(res, () => req.socket.destroy());
    }
    const forward = request(
      { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        const parts: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => parts.push(chunk));
        answer.on("end", () => {
          const reply = () => {
            if (!res.destroyed) res.writeHead(answer.statusCode ?? 502, answer.headers).end(Buffer.concat(parts));
          };
          if (now !== "slow") return reply();
          waiting.later(res, reply, slowMs);
        });
      },
    );
    forward.on("error", () => req.socket.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    set(next, operations) {
      fault = next;
      only = operations && new Set(operations);
    },
    counts,
    get held() {
      return waiting.size;
    },
    whenHeld: (count) => waiting.when(count),
    release: () => waiting.release(),
    close: () =>
      new Promise((resolve) => {
        waiting.stop();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
