import { describe, expect, test } from "vitest";
import { escapeHtml, headerText, plainText } from "../../../../../lambdas/shared/mail-templates/escape.ts";

describe("escapeHtml", () => {
  test("should escape the five characters that can start markup or end an attribute", () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&amp;</a>`)).toBe(
      "&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;",
    );
  });
});

describe("plainText", () => {
  test("should normalise line endings and drop control characters except tab and newline", () => {
    expect(plainText("a\r\nb\rc\td\u0000e\u001bf\u007f")).toBe("a\nb\nc\tdef");
  });
});

describe("headerText", () => {
  test("should keep a header on one line", () => {
    expect(headerText("Hello\r\nBcc: x@example.net\u0000")).toBe("Hello Bcc: x@example.net");
  });
});
