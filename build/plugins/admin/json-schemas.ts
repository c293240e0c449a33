import * as z from "zod/mini";
import { collectionEntries } from "../../../src/schemas/collections.ts";

/**
 * JSON Schema text per content file kind (content/.schemas/<name>.json, the files the `# yaml-language-server:
 * $schema=` lines point at), generated from the collections' zod schemas so the two can never disagree. The CMS
 * configuration (build/plugins/admin/cms-config.ts) is generated from the same JSON Schemas.
 */
export function contentJsonSchemas(): Record<string, string> {
  return Object.fromEntries(
    collectionEntries().flatMap(([, { schema, jsonSchema }]) => {
      if (!schema || !jsonSchema) return [];
      const json = { ...collectionJsonSchema(schema), title: `content ${jsonSchema}` };
      // The CMS's own keys (x-messages, x-refined) mean nothing to an editor's YAML extension.
      const text = JSON.stringify(json, (key, value: unknown) => (key.startsWith("x-") ? undefined : value), 2);
      return [[jsonSchema, `${text}\n`]];
    }),
  );
}

/** The subset of JSON Schema (draft 7) that z.toJSONSchema writes for our content schemas, plus our messages. */
export interface JsonNode {
  type?: string;
  properties?: Record<string, JsonNode>;
  required?: string[];
  items?: JsonNode;
  enum?: unknown[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  description?: string;
  /** The schema's own messages for its checks, by JSON Schema keyword. */
  "x-messages"?: Record<string, string>;
  /** True when the schema has a check no JSON Schema keyword says (a refine): the build checks it, the CMS cannot. */
  "x-refined"?: boolean;
}

/**
 * A collection's schema as JSON Schema: the input side, as editors write it (a date as text), with the schema's
 * messages for each check and a mark where it checks more than JSON Schema can say.
 */
export function collectionJsonSchema(schema: z.ZodMiniType): JsonNode {
  return z.toJSONSchema(schema, {
    io: "input",
    unrepresentable: "any",
    target: "draft-7",
    override(ctx) {
      const messages: Record<string, string> = {};
      let refined = false;
      for (const check of checksOf(ctx.zodSchema)) {
        const message = check.error?.({});
        if (check.check === "custom") refined = true;
        if (typeof message !== "string") continue;
        if (check.check === "string_format") messages.pattern = message;
        if (check.check === "max_length") messages.maxLength = message;
        if (check.check === "min_length") messages.minLength = message;
        if (check.check === "custom") messages.custom = message;
      }
      const json = ctx.jsonSchema as JsonNode;
      if (Object.keys(messages).length) json["x-messages"] = messages;
      if (refined) json["x-refined"] = true;
    },
  }) as JsonNode;
}

interface CheckDef {
  check?: string;
  error?: (issue: object) => unknown;
}

/** The checks' definitions of a zod schema (zod's internals: `_zod.def.checks[]._zod.def`). */
function checksOf(schema: unknown): CheckDef[] {
  const def = (schema as { _zod?: { def?: { checks?: { _zod?: { def?: CheckDef } }[] } } })._zod?.def;
  return (def?.checks ?? []).flatMap((check) => (check._zod?.def ? [check._zod.def] : []));
}
