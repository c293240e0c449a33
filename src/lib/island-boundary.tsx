import { type ReactNode, useEffect } from "react";

/**
 * Wraps every island, on the server and in the browser alike (so both trees, and the ids useId makes, are the same).
 * Its effect runs after every effect of the island inside it: that is when the island is committed and listening.
 */
export function IslandBoundary({ onCommit, children }: { onCommit?: () => void; children: ReactNode }) {
  useEffect(() => onCommit?.(), [onCommit]);
  return children;
}
