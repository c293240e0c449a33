import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * pass: forwarded to the local DynamoDB; refuse: the connection is dropped at once (nothing written); hang: accepted
 * and never answered (nothing written); slow: forwarded (the write lands) but answered only after `slowMs`, later
 * than the store client waits.
 */
export type StoreFault = "pass" | "refuse" | "hang" | "slow";

export interface StoreFaultProxy {
  url: string;
  /** Every request from now on gets this. */
  set(fault: StoreFault): void;
  /** Requests so far, by what they got. */
  readonly counts: Record<StoreFault, number>;
  close(): Promise<void>;
}

/**
 * A fault-injecting proxy in front of the local DynamoDB, for tests and the load script: the handlers and deliver-lead
 * talk to it as if it were the table. Listens on 127.0.0.1 only.
 */
export async function startStoreFaultProxy({
  target,
  slowMs = 3_000,
}: {
  target: string;
  slowMs?: number;
}): Promise<StoreFaultProxy> {
  const to = new URL(target);
  let fault: StoreFault = "pass";
  const counts: Record<StoreFault, number> = { pass: 0, refuse: 0, hang: 0, slow: 0 };
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer((req, res) => {
    const now = fault;
    counts[now] += 1;
    if (now === "refuse") return void req.socket.destroy();
    if (now === "hang") return void req.resume();
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
          const timer = setTimeout(() => {
            timers.delete(timer);
            reply();
          }, slowMs);
          timers.add(timer);
        });
      },
    );
    forward.on("error", () => req.socket.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    set(next) {
      fault = next;
    },
    counts,
    close: () =>
      new Promise((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
