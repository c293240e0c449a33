import { randomUUID } from "node:crypto";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * pass: forwarded to the emulator; refuse: the connection is dropped at once; throttle: 400 Throttling;
 * error: 500 InternalFailure; hang: the request is accepted and never answered.
 */
export type SesFault = "pass" | "refuse" | "throttle" | "error" | "hang";
export const SES_FAULTS: ReadonlyArray<Exclude<SesFault, "pass">> = ["refuse", "throttle", "error", "hang"];

export interface SesFaultProxy {
  url: string;
  /** Every request from now on gets this. */
  set(fault: SesFault): void;
  /** Each request independently gets a random fault with this probability (0 turns random faults off). */
  randomFaults(rate: number, faults?: ReadonlyArray<Exclude<SesFault, "pass">>): void;
  /** Requests answered so far, by what they got. */
  readonly counts: Record<SesFault, number>;
  close(): Promise<void>;
}

const errorXml = (code: string, message: string) =>
  `<ErrorResponse xmlns="http://ses.amazonaws.com/doc/2010-12-01/"><Error><Type>${code === "Throttling" ? "Sender" : "Receiver"}</Type><Code>${code}</Code><Message>${message}</Message></Error><RequestId>${randomUUID()}</RequestId></ErrorResponse>`;

/**
 * A fault-injecting proxy in front of the local SES emulator, for tests and the load script: the handlers talk to
 * it as if it were SES. Listens on 127.0.0.1 only.
 */
export async function startSesFaultProxy({ target, port = 0 }: { target: string; port?: number }): Promise<SesFaultProxy> {
  const to = new URL(target);
  let fixed: SesFault = "pass";
  let rate = 0;
  let pool: ReadonlyArray<Exclude<SesFault, "pass">> = SES_FAULTS;
  const counts: Record<SesFault, number> = { pass: 0, refuse: 0, throttle: 0, error: 0, hang: 0 };
  const pick = (): SesFault => (fixed !== "pass" ? fixed : rate > 0 && Math.random() < rate ? (pool[Math.floor(Math.random() * pool.length)] ?? "error") : "pass");

  const server: Server = createServer((req, res) => {
    const fault = pick();
    counts[fault] += 1;
    if (fault === "refuse") return void req.socket.destroy();
    if (fault === "hang") return;
    if (fault === "throttle" || fault === "error") {
      req.resume();
      const status = fault === "throttle" ? 400 : 500;
      res.writeHead(status, { "content-type": "text/xml" }).end(fault === "throttle" ? errorXml("Throttling", "Maximum sending rate exceeded.") : errorXml("InternalFailure", "Internal failure."));
      return;
    }
    const forward = request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on("error", () => req.socket.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    set(fault) {
      fixed = fault;
    },
    randomFaults(newRate, faults = SES_FAULTS) {
      rate = newRate;
      pool = faults;
    },
    counts,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
