import { describe, expect, test, vi } from "vitest";
import { createLogger } from "../../../../lambdas/shared/log.ts";

describe("createLogger", () => {
  test("should write one JSON line per event with level, time and function", () => {
    const lines: string[] = [];
    createLogger("send-contact-email", "info", (line) => lines.push(line)).info({
      requestId: "r1",
      outcome: "sent",
      status: 200,
      durationMs: 12,
    });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? "")).toEqual({
      level: "info",
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      function: "send-contact-email",
      requestId: "r1",
      outcome: "sent",
      status: 200,
      durationMs: 12,
    });
  });

  test("should drop lines below its level, and everything when silent", () => {
    const lines: string[] = [];
    const warn = createLogger("f", "warn", (line) => lines.push(line));
    warn.info({ outcome: "sent" });
    warn.warn({ outcome: "ack-failed" });
    createLogger("f", "silent", (line) => lines.push(line)).error({ outcome: "error" });
    expect(lines.map((line) => JSON.parse(line).outcome)).toEqual(["ack-failed"]);
  });

  test("should write each line to stdout, where Lambda sends it to CloudWatch, at info and above by default", () => {
    const written: string[] = [];
    const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    try {
      const log = createLogger("deliver-lead");
      log.debug({ outcome: "claimed" });
      log.info({ outcome: "mailed" });
      log.warn({ outcome: "mail-failed" });
      log.error({ outcome: "error" });
    } finally {
      spy.mockRestore();
    }
    expect(written.map((line) => [JSON.parse(line).level, line.endsWith("}\n")])).toEqual([
      ["info", true],
      ["warn", true],
      ["error", true],
    ]);
  });
});
