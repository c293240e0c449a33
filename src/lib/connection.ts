/**
 * What the browser says of the visitor's connection (the Network Information API, `navigator.connection`, Chromium
 * only): each field may be missing.
 */
export interface ConnectionFacts {
  readonly saveData?: boolean;
  readonly effectiveType?: string;
}

/** Connections too slow to spend on anything the visitor did not ask for. */
const SLOW_CONNECTIONS = new Set(["slow-2g", "2g"]);

/**
 * Whether the page may fetch ahead of the visitor (code prefetched at idle): not when they asked to save data, not on a
 * 2g connection. An engine that does not say (Firefox, Safari) is taken at its word: nothing to hold back for.
 */
export function mayFetchAhead(connection: ConnectionFacts | undefined): boolean {
  if (!connection) return true;
  return connection.saveData !== true && !SLOW_CONNECTIONS.has(connection.effectiveType ?? "");
}
