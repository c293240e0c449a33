import { TIMINGS, WHATSAPP_DUE_EVENT, WHATSAPP_SHOWN_KEY } from "../../lib/limits.ts";
import { fireIslandEvent } from "../island-events.ts";

/**
 * The WhatsApp popup's wait (SPEC sections 4 and 9), inlined in <head> so it costs a few hundred bytes instead of
 * React on every page: TIMINGS.whatsappPopupMs after the page started loading, restarted by any scroll, once per
 * browser session. When the popup is due it fires WHATSAPP_DUE_EVENT, which wakes the whatsapp-popup island.
 */
(() => {
  try {
    if (sessionStorage.getItem(WHATSAPP_SHOWN_KEY) !== null) return;
  } catch {
    // Without sessionStorage the popup shows once per page.
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const due = () => {
    removeEventListener("scroll", restart);
    fireIslandEvent(WHATSAPP_DUE_EVENT);
  };
  const wait = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(due, ms);
  };
  const restart = () => wait(TIMINGS.whatsappPopupMs);
  // performance.now() counts from the start of the page load.
  wait(Math.max(0, TIMINGS.whatsappPopupMs - performance.now()));
  addEventListener("scroll", restart, { passive: true });
})();
