/** What Lambda passes besides the event; locally the server's adapter passes the same two members. */
export interface LambdaContextLike {
  awsRequestId?: string;
  getRemainingTimeInMillis?: () => number;
}

/** Time left for this invocation, read from Lambda's clock. */
export interface Deadline {
  /** Milliseconds left, minus what the caller keeps in reserve; never negative. */
  remainingMs(reserveMs?: number): number;
}

/**
 * The invocation's deadline: Lambda's own remaining time, or `fallbackMs` from now when there is no context (unit
 * tests and scripts call handlers directly).
 */
export function invocationDeadline(context: LambdaContextLike | undefined, fallbackMs: number): Deadline {
  const remaining = context?.getRemainingTimeInMillis;
  const end = performance.now() + fallbackMs;
  const left = remaining ? () => remaining.call(context) : () => end - performance.now();
  return { remainingMs: (reserveMs = 0) => Math.max(0, Math.floor(left() - reserveMs)) };
}
