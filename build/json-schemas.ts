import * as z from "zod/mini";
import { collectionEntries } from "./collections.ts";

/**
 * JSON Schema text per content file kind (content/.schemas/<name>.json, the files the `# yaml-language-server:
 * $schema=` lines point at), generated from the collections' zod schemas so the two can never disagree.
 */
export function contentJsonSchemas(): Record<string, string> {
  return Object.fromEntries(
    collectionEntries().flatMap(([, { schema, jsonSchema }]) => {
      if (!schema || !jsonSchema) return [];
      // Editors write the input side (a date as text), so describe the input of transforms.
      const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any", target: "draft-7" });
      return [[jsonSchema, `${JSON.stringify({ ...json, title: `content ${jsonSchema}` }, null, 2)}\n`]];
    }),
  );
}
