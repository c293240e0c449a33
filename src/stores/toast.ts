import { signal } from "@preact/signals-react";
import { fireIslandEvent } from "../client/island-events.ts";

/**
 * Toasts shared by the forms and the toaster (src/islands/toaster.tsx). A toast raised while a modal <dialog> is
 * open belongs to that dialog: everything outside a modal dialog is inert, so a page toast would be neither seen
 * nor announced there. The dialog's form renders a ToastRegion for those.
 */
export type ToastKind = "success" | "error";
export type ToastScope = "page" | "dialog";

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  scope: ToastScope;
}

/** How long a toast stays, paused while the pointer or focus is on it. Errors carry contact details: longer. */
export const TOAST_MS: Readonly<Record<ToastKind, number>> = { success: 5_000, error: 10_000 };
/** The toaster island wakes on this window event, so no page loads it before its first toast. */
export const TOAST_EVENT = "site:toast";
/** More than this and the oldest goes. */
const MAX_TOASTS = 3;

export const toasts = signal<readonly Toast[]>([]);
let lastId = 0;

function currentScope(): ToastScope {
  try {
    return document.querySelector("dialog:modal") ? "dialog" : "page";
  } catch {
    return "page"; // a browser without :modal has no dialog toasts either
  }
}

/**
 * Shows a toast and returns its id. The same message again replaces the earlier one (so it is announced again
 * rather than stacked).
 */
function showToast(kind: ToastKind, message: string): number {
  lastId += 1;
  const next: Toast = { id: lastId, kind, message, scope: currentScope() };
  toasts.value = [...toasts.value.filter((t) => t.message !== message), next].slice(-MAX_TOASTS);
  fireIslandEvent(TOAST_EVENT);
  return next.id;
}

export function dismissToast(id: number): void {
  toasts.value = toasts.value.filter((t) => t.id !== id);
}

export const toast = {
  success: (message: string) => showToast("success", message),
  error: (message: string) => showToast("error", message),
};
