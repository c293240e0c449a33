import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useRef, useState } from "react";
import { dismissToast, TOAST_MS, type Toast, type ToastScope, toasts } from "../stores/toast.ts";

/**
 * The page's toasts, mounted once by the layout. The live region is in the server HTML from the start, so screen
 * readers announce what appears in it; toasts appear only after mount (the server has none to render).
 */
export default function Toaster() {
  return <ToastRegion scope="page" />;
}

/** A live region showing the toasts of one scope; a modal dialog renders its own with scope "dialog". */
export function ToastRegion({ scope }: { scope: ToastScope }) {
  useSignals();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const list = mounted ? toasts.value.filter((t) => t.scope === scope) : [];
  return (
    <div className={`toaster toaster--${scope}`} role="status" aria-live="polite" aria-label="Notifications">
      {list.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </div>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const box = useRef<HTMLDivElement>(null);
  // Hovering or focusing a toast stops its clock, so nobody loses a message while reading it.
  const [held, setHeld] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const hold = () => setHeld(true);
    const release = () => setHeld(false);
    const events = [
      ["pointerenter", hold],
      ["pointerleave", release],
      ["focusin", hold],
      ["focusout", release],
    ] as const;
    for (const [name, listener] of events) el.addEventListener(name, listener);
    return () => {
      for (const [name, listener] of events) el.removeEventListener(name, listener);
    };
  }, []);
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => dismissToast(toast.id), TOAST_MS[toast.kind]);
    return () => clearTimeout(timer);
  }, [held, toast]);

  return (
    <div ref={box} className={`toast toast--${toast.kind}`}>
      <svg className="toast__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        {toast.kind === "success" ? (
          <path
            d="M20 6 9 17l-5-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        ) : (
          <path
            d="M12 8v5m0 3.5v.01M10.3 3.9 2.4 18a2 2 0 0 0 1.7 3h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        )}
      </svg>
      <p className="toast__message">{toast.message}</p>
      <button
        type="button"
        className="toast__close"
        aria-label="Dismiss notification"
        onClick={() => dismissToast(toast.id)}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M18 6 6 18M6 6l12 12" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
