import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import sesEmulator from "aws-ses-v2-local";
import { invokeLambda, type LambdaHandler } from "../../../server/lambda-adapter.ts";
import { localLambdaEnv } from "../../../server/lambda-env.ts";

type StartEmulator = (config: { host: string; port: number }) => Promise<Server>;
/** The emulator's start function: a CommonJS default export, which Node and Vite's interop wrap differently. */
const startEmulator: StartEmulator =
  (sesEmulator as unknown as { default?: StartEmulator }).default ?? (sesEmulator as unknown as StartEmulator);

/** A mail as the SES emulator stores it (GET /store). */
export interface StoredMail {
  messageId: string;
  from: string;
  replyTo: string[];
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { text?: string; html?: string };
}

export const LEAD_FUNCTIONS = ["send-product-inquiry", "send-installation-email", "send-contact-email"] as const;
export type LeadFunction = (typeof LEAD_FUNCTIONS)[number];

/**
 * The stack of `npm start` without the site: a real SES emulator, the three real handler modules configured by
 * server/lambda-env.ts, mounted on an HTTP server through the same Lambda adapter. Env is set before the handlers
 * are imported, as the local server does. The emulator listens on a free port.
 */
export async function startLeadStack() {
  // Port 0: the system picks a free one, so parallel runs never collide; a restart reuses it.
  let ses = await startEmulator({ host: "127.0.0.1", port: 0 });
  const sesPort = (ses.address() as AddressInfo).port;
  const sesUrl = `http://127.0.0.1:${sesPort}`;
  Object.assign(process.env, await localLambdaEnv({ sesEndpoint: sesUrl, recipient: "hello@example.com" }), { LOG_LEVEL: "silent" });
  const handlers = new Map<string, LambdaHandler>();
  for (const name of LEAD_FUNCTIONS) {
    const mod = (await import(`../../../lambdas/${name}/handler.ts`)) as { handler: LambdaHandler };
    handlers.set(name, mod.handler);
  }
  const server: Server = createServer((req, res) => {
    const name = new URL(req.url ?? "/", "http://localhost").pathname.replace(/^\/api\//, "");
    const handler = handlers.get(name);
    if (!handler) res.writeHead(404).end();
    else void invokeLambda(handler, req, res, name);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;

  return {
    /** POSTs a JSON body (or sends any request) to /api/<name>; returns status and parsed answer. */
    async call(name: LeadFunction, body: unknown, init: { method?: string; contentType?: string; raw?: string } = {}) {
      const response = await fetch(`${apiUrl}/${name}`, {
        method: init.method ?? "POST",
        headers: { "content-type": init.contentType ?? "application/json" },
        body: init.method === "GET" || init.method === "HEAD" ? undefined : (init.raw ?? JSON.stringify(body)),
      });
      const text = await response.text();
      return { status: response.status, headers: response.headers, answer: (text ? JSON.parse(text) : undefined) as { success: boolean; data?: { id: string }; error?: string } };
    },
    async mails(): Promise<StoredMail[]> {
      return ((await (await fetch(`${sesUrl}/store`)).json()) as { emails: StoredMail[] }).emails;
    },
    async clearMails() {
      await fetch(`${sesUrl}/clear-store`, { method: "POST" });
    },
    /** Takes the emulator down (SES unreachable) until `startSes` brings it back on the same port. */
    async stopSes() {
      ses.closeAllConnections();
      await new Promise((resolve) => ses.close(resolve));
    },
    async startSes() {
      ses = await startEmulator({ host: "127.0.0.1", port: sesPort });
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      ses.closeAllConnections();
      await new Promise((resolve) => ses.close(resolve));
    },
  };
}

/** A valid lead of each form, sent 5 s after the form opened. */
export const VALID = {
  "send-product-inquiry": {
    name: "Asha Verma",
    email: "asha@example.org",
    mobile: "+91 98765 43210",
    company: "Verma Labs",
    product: "Legalway",
    message: "We would like to buy Legalway for our firm.",
    website: "",
    elapsedMs: 5_000,
  },
  "send-installation-email": {
    name: "Asha Verma",
    email: "asha@example.org",
    mobile: "+91 98765 43210",
    product: "astroway",
    package: "android",
    message: "Please install on our server next week.",
    website: "",
    elapsedMs: 5_000,
  },
  "send-contact-email": {
    name: "Asha Verma",
    email: "asha@example.org",
    mobile: "+91 98765 43210",
    product: "esim",
    subject: "Reseller pricing",
    message: "Do you offer reseller pricing for eSIM?",
    website: "",
    elapsedMs: 5_000,
  },
} as const satisfies Record<LeadFunction, Record<string, unknown>>;
