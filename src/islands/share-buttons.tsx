import { useEffect, useState } from "react";

/**
 * The article's own share actions: copy the link, and the system share sheet where the browser offers the Web
 * Share API. The network links (LinkedIn, X, Facebook, WhatsApp) are plain server-rendered links beside it.
 */
export interface ShareButtonsProps {
  url: string;
  title: string;
}

/** How long "Link copied" stays before the button reads "Copy link" again. */
const COPIED_MS = 2000;

export default function ShareButtons({ url, title }: ShareButtonsProps) {
  const [canShare, setCanShare] = useState(false);
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");

  useEffect(() => setCanShare(typeof navigator.share === "function"), []);
  useEffect(() => {
    if (copied === "idle") return;
    const timer = setTimeout(() => setCopied("idle"), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied("copied");
    } catch {
      setCopied("failed");
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title, url });
    } catch (error) {
      // Closing the share sheet rejects with AbortError; that is the visitor's choice, not a failure.
      if (!(error instanceof DOMException && error.name === "AbortError")) console.error("[share-buttons]", error);
    }
  };

  return (
    <>
      <button type="button" className="share-button" onClick={copy}>
        {copied === "copied" ? "Link copied" : "Copy link"}
      </button>
      {canShare && (
        <button type="button" className="share-button" onClick={share}>
          Share…
        </button>
      )}
      <span className="visually-hidden" role="status">
        {copied === "copied" ? "Link copied to the clipboard" : copied === "failed" ? `Copy failed; the link is ${url}` : ""}
      </span>
    </>
  );
}
