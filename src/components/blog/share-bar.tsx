import { shareLinks } from "../../lib/share.ts";
import { InlineScript } from "../inline-script.tsx";

/** Share links of an article; Copy link and Share… are shown and wired by src/client/inline/share-bar.ts. */
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
