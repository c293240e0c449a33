/**
 * Window events that wake islands (`hydrate="event:name"`). The page fires them through `fireIslandEvent`, which also
 * records the name on `window`, so a loader that subscribes after the event (a slow module script, an inline timer
 * that is already due) still wakes its island instead of missing it.
 */

declare global {
  /** Names of the island events this page has fired so far (read by src/client/loader.ts). */
  var siteIslandEvents: string[] | undefined;
}

/** Records `name` as fired, then dispatches it on the window. */
export function fireIslandEvent(name: string): void {
  const fired = globalThis.siteIslandEvents ?? [];
  if (!fired.includes(name)) globalThis.siteIslandEvents = [...fired, name];
  globalThis.dispatchEvent?.(new Event(name));
}
