import { shareLinks } from "../../lib/share.ts";
import { InlineScript } from "../inline-script.tsx";

/**
 * Share actions of an article: the network links are plain links; Copy link and Share… (the system share sheet)
 * are shown and wired by a few lines of inline script (src/client/inline/share-bar.ts), no framework.
 */
export function ShareBar({ url, title }: { url: string; title: string }) {
  return (
    <div className="share-bar" data-url={url} data-title={title}>
      <span className="share-bar__label">Share:</span>
      {shareLinks(url, title).map((link) => (
        <a
          key={link.network}
          className="share-button"
          href={link.href}
          rel="noopener"
          target="_blank"
          aria-label={`Share on ${link.network} (opens in a new tab)`}
        >
          {link.network}
        </a>
      ))}
      <button type="button" className="share-button" data-share="copy" hidden>
        Copy link
      </button>
      <button type="button" className="share-button" data-share="sheet" hidden>
        Share…
      </button>
      <span className="visually-hidden" role="status" />
      <InlineScript name="share-bar" />
    </div>
  );
}
