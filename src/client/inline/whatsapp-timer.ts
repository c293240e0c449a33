import { COOKIE_BANNER_ID } from "../../lib/consent.ts";
import { TIMINGS, WHATSAPP_POPUP_ID, WHATSAPP_SHOWN_KEY } from "../../lib/limits.ts";
import { whenActivated } from "../activation.ts";

/**
 * The WhatsApp popup (SPEC sections 4 and 9), inlined in <head>: TIMINGS.whatsappPopupMs after the page started
 * loading (a prerendered page: after it was shown), restarted by any scroll, once per browser session, it opens the
 * server-rendered popup (src/components/shell/whatsapp-popup.tsx) without moving focus, above the cookie banner while
 * that is shown. Escape or following the chat link closes it; Maybe Later closes it natively.
 */
whenActivated((shownAt) => {
  // Read once shown: a prerendered page gets the session's storage as it is at activation, not at prerender.
  try {
    if (sessionStorage.getItem(WHATSAPP_SHOWN_KEY) !== null) return;
  } catch {
    // Without sessionStorage the popup shows once per page.
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const due = () => {
    removeEventListener("scroll", restart);
    const popup = document.getElementById(WHATSAPP_POPUP_ID) as HTMLDialogElement | null;
    if (!popup || popup.open) return;
    try {
      sessionStorage.setItem(WHATSAPP_SHOWN_KEY, "true");
    } catch {
      // See above.
    }
    // Above the cookie banner while it is shown (it goes when the visitor decides, and changes height with the window).
    const place = () => {
      const banner = document.getElementById(COOKIE_BANNER_ID);
      const covered = banner?.getClientRects().length
        ? Math.max(0, innerHeight - banner.getBoundingClientRect().top)
        : 0;
      popup.style.bottom = covered ? `calc(${Math.round(covered)}px + var(--space-4))` : "";
    };
    const observer = new MutationObserver(place);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
    addEventListener("resize", place);
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && popup.close();
    document.addEventListener("keydown", onKey);
    popup.addEventListener("click", (event) => (event.target as Element).closest("a") && popup.close());
    popup.addEventListener(
      "close",
      () => {
        observer.disconnect();
        removeEventListener("resize", place);
        document.removeEventListener("keydown", onKey);
      },
      { once: true },
    );
    place();
    // The open attribute, not show(): show() would move focus from whatever the visitor is doing into the popup.
    popup.setAttribute("open", "");
  };
  const wait = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(due, ms);
  };
  const restart = () => wait(TIMINGS.whatsappPopupMs);
  // performance.now() counts from the start of the page load; shownAt is 0 then, or the moment of activation.
  wait(Math.max(0, TIMINGS.whatsappPopupMs - (performance.now() - shownAt)));
  addEventListener("scroll", restart, { passive: true });
});
