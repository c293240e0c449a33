import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";

/**
 * Work ahead of the visitor (src/client/ahead.ts) on a fake clock, in a window of events: where the engine has no idle
 * callbacks, a slice waits 50 ms for the thread to be free.
 */
describe("a slice of work ahead", () => {
  const page = new EventTarget();
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    vi.stubGlobal("window", {});
    vi.stubGlobal("addEventListener", page.addEventListener.bind(page));
    vi.resetModules();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const ran = (slice: Promise<void>) => {
    const state = { done: false };
    void slice.then(() => {
      state.done = true;
    });
    return state;
  };

  test("runs when the thread is free and nobody is acting", async () => {
    const { aheadSlice } = await import("../../../src/client/ahead.ts");
    const slice = ran(aheadSlice());
    await vi.advanceTimersByTimeAsync(60);
    expect(slice.done).toBe(true);
  });

  test("stands back for half a second after a tap, so the tap's answer is drawn first", async () => {
    const { aheadSlice, nextSlice } = await import("../../../src/client/ahead.ts");
    await vi.advanceTimersByTimeAsync(1000);
    const first = ran(aheadSlice());
    page.dispatchEvent(new Event("touchstart"));
    await vi.advanceTimersByTimeAsync(450);
    expect(first.done).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(first.done).toBe(true);

    // Between the slices of one task as well.
    page.dispatchEvent(new Event("keydown"));
    const next = ran(nextSlice());
    await vi.advanceTimersByTimeAsync(300);
    expect(next.done).toBe(false);
    await vi.advanceTimersByTimeAsync(300);
    expect(next.done).toBe(true);
  });

  test("waits while the engine says an input is pending, and for the engine's idle callback where it has one", async () => {
    let pending = true;
    vi.stubGlobal("navigator", { scheduling: { isInputPending: () => pending } });
    const idle: (() => void)[] = [];
    const requestIdleCallback = (callback: () => void) => idle.push(callback);
    vi.stubGlobal("window", { requestIdleCallback });
    vi.stubGlobal("requestIdleCallback", requestIdleCallback);
    const { aheadSlice } = await import("../../../src/client/ahead.ts");
    await vi.advanceTimersByTimeAsync(1000);
    const slice = ran(aheadSlice());
    await vi.advanceTimersByTimeAsync(100);
    expect(slice.done).toBe(false); // no timer stands in for the idle callback
    idle.shift()?.();
    await vi.advanceTimersByTimeAsync(100);
    expect(slice.done).toBe(false); // input pending: wait again
    pending = false;
    while (!slice.done && idle.length > 0) {
      idle.shift()?.();
      await vi.advanceTimersByTimeAsync(20);
    }
    expect(slice.done).toBe(true);
  });
});
