/**
 * Names of the fields every lead carries besides the visitor's own, without the field rules: the browser imports
 * these when a form wakes, and importing ./lead-fields.ts for them would pull zod into every form's first load
 * (it is meant to load only with the schema check, at submit). ./lead-fields.ts re-exports them for the handlers.
 */
/** The hidden field a person never fills in; a filled one marks a bot. */
export const HONEYPOT_FIELD = "website";
/** How long the page was open before the form was sent, in milliseconds. */
export const ELAPSED_FIELD = "elapsedMs";
/** The id the browser makes once per filled form (a UUID): a retried or double-clicked submit repeats it. */
export const SUBMISSION_ID_FIELD = "submissionId";
