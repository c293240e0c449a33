import "./require-node.ts";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { contentJsonSchemas } from "../build/plugins/admin/json-schemas.ts";

/** `npm run schemas`: writes content/.schemas/*.json from the zod schemas, for editors' YAML autocompletion. */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outDir = path.join(rootDir, "content/.schemas");
await mkdir(outDir, { recursive: true });
const schemas = Object.entries(contentJsonSchemas());
for (const [name, schema] of schemas) await writeFile(path.join(outDir, `${name}.json`), schema);
console.log(`[schemas] wrote ${schemas.length} files to content/.schemas`);
