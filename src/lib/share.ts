/** Where an article can be shared; each network receives the article's absolute URL. */
export interface ShareLink {
  network: "LinkedIn" | "X" | "Facebook" | "WhatsApp";
  href: string;
}

/**
 * Share-intent links of the four networks for one page.
 * @param url the absolute URL being shared
 * @param title used as the message text where the network takes one
 */
export function shareLinks(url: string, title: string): ShareLink[] {
  const u = encodeURIComponent(url);
  return [
    { network: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { network: "X", href: `https://x.com/intent/post?url=${u}&text=${encodeURIComponent(title)}` },
    { network: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { network: "WhatsApp", href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
  ];
}
