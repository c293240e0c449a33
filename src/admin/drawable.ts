import * as z from "zod/mini";
import { editorMessage } from "../schemas/messages.ts";

/** A field the preview left out because its schema refuses what the editor has typed so far, with the schema's word. */
export interface Needed {
  field: string;
  message: string;
}

/**
 * What of a half-written entry the site's components can draw: walking `blank` (every field of the shape the
 * components read), each field the editor wrote is kept where its own schema accepts it (defaults applied), an
 * array keeps the items that pass, and everything else falls back to the blank, named in `needed`. So any entry,
 * however partial or mis-shaped, becomes props the components accept, and a fixed field is drawn at once.
 */
export function drawable<T extends object>(
  schema: z.core.$ZodType,
  data: unknown,
  blank: T,
): { value: T; needed: Needed[] } {
  const needed: Needed[] = [];
  const value = fitField(schema, data, blank, "", needed) as T;
  return { value, needed };
}

function fitField(schema: z.core.$ZodType, data: unknown, blank: unknown, at: string, needed: Needed[]): unknown {
  const def = unwrap(schema);
  if (def.type === "object" && isRecord(data)) {
    const whole = z.safeParse(schema, data, { error: editorMessage });
    if (whole.success) return whole.data;
    // Inside a field that is being filled in (a price with its amount, not yet its currency) a missing part is said;
    // at the top, fields not yet written are simply not drawn.
    if (at)
      for (const issue of whole.error.issues)
        if (issue.path.length === 1 && data[String(issue.path[0])] === undefined)
          needed.push({ field: `${at}.${String(issue.path[0])}`, message: issue.message });
    const blankObject = isRecord(blank) ? blank : {};
    const out: Record<string, unknown> = { ...blankObject };
    for (const [key, child] of Object.entries(def.shape)) {
      if (data[key] === undefined || data[key] === "") continue;
      out[key] = fitField(child, data[key], blankObject[key], at ? `${at}.${key}` : key, needed);
    }
    return out;
  }
  if (def.type === "array" && Array.isArray(data)) {
    return data.flatMap((item, i) => {
      const parsed = z.safeParse(def.element, item, { error: editorMessage });
      if (parsed.success) return [parsed.data];
      needed.push({ field: `${at}[${i}]`, message: parsed.error.issues[0]?.message ?? "Invalid value" });
      return [];
    });
  }
  const parsed = z.safeParse(schema, data, { error: editorMessage });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = [at, ...(issue?.path ?? []).map(String)].filter(Boolean).join(".");
  needed.push({ field: where, message: issue?.message ?? "Invalid value" });
  return blank;
}

type Def = z.core.$ZodTypes["_zod"]["def"];

/** The object or array under optional, default and pipe wrappers, where the preview looks into the fields. */
function unwrap(schema: z.core.$ZodType): Def {
  let def = (schema as unknown as z.core.$ZodTypes)._zod.def;
  for (;;) {
    if (def.type === "optional" || def.type === "default" || def.type === "prefault")
      def = (def.innerType as z.core.$ZodTypes)._zod.def;
    else if (def.type === "pipe") def = (def.in as z.core.$ZodTypes)._zod.def;
    else return def;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
