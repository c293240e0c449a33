/** The part of dynalite's API the local stack uses (the package ships no types). */
declare module "dynalite" {
  import type { Server } from "node:http";
  interface DynaliteOptions {
    /** LevelDB folder; in memory when omitted. */
    path?: string;
    createTableMs?: number;
    deleteTableMs?: number;
    updateTableMs?: number;
  }
  export default function dynalite(options?: DynaliteOptions): Server;
}
