import { describe, expect, test } from "vitest";
import { spreadsheetSafe, toCsv } from "../../../scripts/csv-export.ts";
import { reportCsv } from "../../../scripts/lead-report.ts";

describe("CSV a spreadsheet opens without running anything", () => {
  test.each([
    ["=1+1", "message", "'=1+1"],
    ["@SUM(1)", "message", "'@SUM(1)"],
    ["-2+3", "message", "'-2+3"],
    ["+91 98765 43210", "message", "'+91 98765 43210"],
    ["  =1+1", "name", "'  =1+1"],
    ["\t=1+1", "name", "'\t=1+1"],
    ["\rx", "name", "'\rx"],
    ["＝1+1", "name", "'＝1+1"],
    [";=cmd|' /C calc'!A0", "name", ";'=cmd|' /C calc'!A0"],
    ["a; =1+1", "message", "a;' =1+1"],
    ["Call me at 10; not before", "message", "Call me at 10; not before"],
    ['Hi\n=HYPERLINK("http://evil.example","x")', "message", 'Hi\n\'=HYPERLINK("http://evil.example","x")'],
    ["Hi\r\n  +1+1", "message", "Hi\r\n'  +1+1"],
    ["Line one\nline two - fine", "message", "Line one\nline two - fine"],
  ])("defuses %j in %s", (value, column, written) => {
    expect(spreadsheetSafe(value, column)).toBe(written);
  });

  test.each([
    ["+91 98765 43210", "mobile"],
    ["-98765 43210", "mobile"],
    ["+x@example.com", "email"],
    ["-asha@example.org", "email"],
  ])("writes %j as typed: it is a valid %s", (value, column) => {
    expect(spreadsheetSafe(value, column)).toBe(value);
  });

  test("defuses a formula in a phone or address column that is not a valid phone number or address", () => {
    expect(spreadsheetSafe('=HYPERLINK("http://evil.example")', "email")).toBe('\'=HYPERLINK("http://evil.example")');
    expect(spreadsheetSafe("+1 (800) CALL-NOW", "mobile")).toBe("'+1 (800) CALL-NOW");
    expect(spreadsheetSafe(" +91 98765 43210", "mobile")).toBe("' +91 98765 43210");
  });

  test("quotes every cell, the header and empty ones included", () => {
    expect(toCsv(["a", "=b"], [['x"y', ""]])).toBe('"a","\'=b"\n"x""y",""\n');
  });

  test("the report defuses a campaign name that is a formula", () => {
    expect(reportCsv([{ group: "source", value: "=1+1 / cpc", leads: 1, spam: 0 }])).toBe(
      '"group","value","leads","spam","spamShare"\n"source","\'=1+1 / cpc","1","0","0.000"\n',
    );
  });
});
