import ShareButtons from "../../islands/share-buttons.tsx";
import { Island } from "../../lib/island.tsx";
import { shareLinks } from "../../lib/share.ts";

/** Share actions of an article: the network links work without JavaScript; copy and the share sheet need it. */
export function ShareBar({ url, title }: { url: string; title: string }) {
  return (
    <div className="share-bar">
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
      <Island of={ShareButtons} props={{ url, title }} hydrate="idle" />
    </div>
  );
}
