import type { ReactNode } from "react";
import { telUrl } from "../../lib/urls.ts";

/**
 * What to do when an island's script could not load: rendered hidden in the island's server HTML and revealed by the
 * loader (src/client/island-runtime.ts) when the island fails, so the visitor still learns how to reach us.
 */
export function ContactFallback({ email, phone, children }: { email: string; phone: string; children: ReactNode }) {
  return (
    <p className="notice" role="alert" hidden data-island-fallback="">
      {children} Please write to <a href={`mailto:${email}`}>{email}</a> or call{" "}
      <a href={telUrl(phone)}>{phone.replace(/ /g, "\u00a0")}</a>.
    </p>
  );
}
