import { describe, expect, test } from "vitest";
import * as names from "../../../src/schemas/lead-field-names.ts";
import * as rules from "../../../src/schemas/lead-fields.ts";

describe("lead field names", () => {
  test("the browser sends the honeypot, elapsed time and submission id under the names the handlers read", () => {
    expect({ ...names }).toEqual({
      HONEYPOT_FIELD: rules.HONEYPOT_FIELD,
      ELAPSED_FIELD: rules.ELAPSED_FIELD,
      SUBMISSION_ID_FIELD: rules.SUBMISSION_ID_FIELD,
    });
  });
});
