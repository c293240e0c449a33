/**
 * Names of the fields every lead carries besides the visitor's own, without the field rules: the browser imports
 * these when a form wakes, and importing ./lead-fields.ts for them would pull zod into every form's first load
 * (it is meant to load only with the schema check, at submit). tests/unit/schemas/lead-field-names.test.ts keeps
 * them equal to the constants of ./lead-fields.ts, which the handlers read.
 */
export const HONEYPOT_FIELD = "website";
export const ELAPSED_FIELD = "elapsedMs";
export const SUBMISSION_ID_FIELD = "submissionId";
