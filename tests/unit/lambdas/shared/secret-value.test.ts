import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, test, vi } from "vitest";
import { invocationDeadline } from "../../../../lambdas/shared/deadline.ts";
import { readOnce, secretsManagerReader } from "../../../../lambdas/shared/secret-value.ts";

describe("readOnce", () => {
  test("should read a secret once for the container's life", async () => {
    let reads = 0;
    const read = readOnce(async () => `value ${++reads}`);
    expect(await read()).toBe("value 1");
    expect(await read()).toBe("value 1");
    expect(reads).toBe(1);
  });

  test("should read again after a read failed, so a brief outage costs one attempt", async () => {
    let reads = 0;
    const read = readOnce(async () => {
      reads += 1;
      if (reads === 1) throw new Error("Secrets Manager is down");
      return "value";
    });
    await expect(read()).rejects.toThrow("Secrets Manager is down");
    expect(await read()).toBe("value");
    expect(await read()).toBe("value");
    expect(reads).toBe(2);
  });
});

describe("invocationDeadline", () => {
  test("should take Lambda's remaining time, less the reserve, never below 0", () => {
    const context = {
      left: 1_000.7,
      getRemainingTimeInMillis(this: { left: number }) {
        return this.left;
      },
    };
    const deadline = invocationDeadline(context, 60_000);
    expect(deadline.remainingMs()).toBe(1_000);
    expect(deadline.remainingMs(400)).toBe(600);
    expect(deadline.remainingMs(5_000)).toBe(0);
  });

  test("should count the fallback from now when there is no context, on the clock", () => {
    vi.useFakeTimers({ toFake: ["performance"] });
    try {
      const deadline = invocationDeadline(undefined, 10_000);
      const empty = invocationDeadline({}, 5_000);
      expect(deadline.remainingMs()).toBe(10_000);
      vi.advanceTimersByTime(4_000.5);
      expect(deadline.remainingMs()).toBe(5_999);
      expect(deadline.remainingMs(1_000)).toBe(4_999);
      expect(empty.remainingMs()).toBe(999);
      vi.advanceTimersByTime(20_000);
      expect(deadline.remainingMs()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("secretsManagerReader", () => {
  test("should ask Secrets Manager for the secret by its ARN and give back its string", async () => {
    const asked: unknown[] = [];
    const server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => {
        body += chunk.toString("utf8");
      });
      req.on("end", () => {
        asked.push({ target: req.headers["x-amz-target"], ...JSON.parse(body) });
        res.setHeader("content-type", "application/x-amz-json-1.1");
        res.end(JSON.stringify({ SecretString: `secret ${asked.length}` }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    vi.stubEnv("AWS_ENDPOINT_URL_SECRETS_MANAGER", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    vi.stubEnv("AWS_ACCESS_KEY_ID", "test");
    vi.stubEnv("AWS_SECRET_ACCESS_KEY", "test");
    try {
      const read = secretsManagerReader("us-east-1");
      const arn = "arn:aws:secretsmanager:us-east-1:123456789012:secret:newsletter-AbCdEf";
      expect([await read(arn), await read(arn)]).toEqual(["secret 1", "secret 2"]);
      expect(asked).toEqual(Array(2).fill({ target: "secretsmanager.GetSecretValue", SecretId: arn }));
    } finally {
      server.close();
      vi.unstubAllEnvs();
    }
  });
});
