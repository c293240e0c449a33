import "react";

/**
 * Invoker commands (`<button command="show-modal" commandfor="id">`): the platform opens and closes a <dialog> with
 * no script (src/client/controls.ts fills in for engines without them). React passes the lowercase attributes
 * through; its types do not list them yet.
 */
declare module "react" {
  interface ButtonHTMLAttributes<T> {
    command?: "show-modal" | "close" | "request-close" | "toggle-popover" | "show-popover" | "hide-popover" | undefined;
    commandfor?: string | undefined;
  }
}
