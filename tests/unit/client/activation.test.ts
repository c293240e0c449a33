import { describe, expect, test, vi } from "vitest";
import { whenActivated } from "../../../src/client/activation.ts";

/** A document as a speculation rule leaves it: prerendering until `activate()`, as Chromium flips it. */
function prerenderedDocument() {
  const target = new EventTarget();
  const doc = {
    prerendering: true,
    addEventListener: (type: "prerenderingchange", listener: () => void, options: { once: true }) =>
      target.addEventListener(type, listener, options),
    activate() {
      doc.prerendering = false;
      target.dispatchEvent(new Event("prerenderingchange"));
    },
  };
  return doc;
}

describe("whenActivated", () => {
  test("should start at once, shown at 0, on a page opened as usual", () => {
    const start = vi.fn();
    whenActivated(start, { prerendering: false, addEventListener: vi.fn() }, () => 1234);
    expect(start).toHaveBeenCalledExactlyOnceWith(0);
  });

  test("should start at once where the engine knows no prerendering, or there is no document", () => {
    const start = vi.fn();
    whenActivated(start, { addEventListener: vi.fn() });
    whenActivated(start, undefined);
    expect(start.mock.calls).toEqual([[0], [0]]);
  });

  test("should wait while the page is prerendered, then start once, at the moment of activation", () => {
    const doc = prerenderedDocument();
    const start = vi.fn();
    whenActivated(start, doc, () => 5000);
    expect(start).not.toHaveBeenCalled();
    doc.activate();
    doc.activate(); // the event fires once in a page's life; a stray second one starts nothing more
    expect(start).toHaveBeenCalledExactlyOnceWith(5000);
  });

  test("should read the page's clock at activation when no clock is given", () => {
    const doc = prerenderedDocument();
    const start = vi.fn();
    whenActivated(start, doc);
    doc.activate();
    expect(start).toHaveBeenCalledExactlyOnceWith(expect.any(Number));
  });
});
