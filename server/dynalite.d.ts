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

/** dynalite's storage layer: `create` makes the store a dynalite server reads and writes through. */
declare module "dynalite/db" {
  /** The LevelDB (or in-memory) database of one store; dynalite gives it callback-style writes. */
  interface DynaliteLevel {
    put(...args: unknown[]): unknown;
    del(...args: unknown[]): unknown;
    batch(...args: unknown[]): unknown;
  }
  interface DynaliteStore {
    db: DynaliteLevel;
  }
  export function create(options: object): DynaliteStore;
}
