import type { ReactElement } from "react";
import type { BrandColors } from "../tokens.ts";

/** An image placed on a card, already encoded as a data URL at its display size. */
export interface CardImage {
  src: string;
  width: number;
  height: number;
}

export interface ShareCardProps {
  title: string;
  description: string;
  siteName: string;
  /** The site's host name, shown at the foot of the card (where the link leads). */
  host: string;
  /** Small line above the title, e.g. an article's category. */
  label?: string;
  logo: CardImage;
  /** The page's own picture (product artwork, article image), shown on the right. */
  artwork?: CardImage;
  colors: BrandColors;
  fontFamily: string;
}

/** Width of the artwork panel; the text column takes the rest. */
export const ARTWORK_WIDTH = 480;
/** Corner radius of the artwork in its frame. */
export const ARTWORK_RADIUS = 24;

/** Title size that keeps long titles within four lines of their column. */
function titleSize(title: string, narrow: boolean): number {
  const steps = narrow ? [[28, 60], [56, 50], [Infinity, 42]] : [[36, 76], [72, 62], [Infinity, 52]];
  return steps.find(([max]) => title.length <= (max ?? 0))?.[1] ?? 42;
}

/**
 * The share card laid out for satori (flexbox only; every element with several children says display: flex):
 * a brand gradient rule, the logo and site name, the title and description on the site's dark ink, the host at the
 * foot, and the page's artwork framed on the right when it has one.
 */
export function ShareCard({ title, description, siteName, host, label, logo, artwork, colors, fontFamily }: ShareCardProps): ReactElement {
  const narrow = artwork !== undefined;
  const row = { display: "flex", alignItems: "center" } as const;
  return (
    <div
      style={{
        display: "flex",
        flexDirection: "column",
        width: "100%",
        height: "100%",
        fontFamily,
        color: colors.onInk,
        backgroundColor: colors.ink,
        backgroundImage: `radial-gradient(circle at 0% 0%, ${colors.ink2} 0%, ${colors.ink} 70%)`,
      }}
    >
      {!artwork && (
        // Cards without a picture carry the logo's shape, large and faint, so they do not read as an empty slide.
        <div style={{ display: "flex", position: "absolute", right: -260, top: 170, width: 520, height: 520, borderRadius: 130, transform: "rotate(12deg)", opacity: 0.2, backgroundImage: `linear-gradient(135deg, ${colors.primary}, ${colors.violet} 60%, ${colors.accent})` }} />
      )}
      <div style={{ display: "flex", height: 12, backgroundImage: `linear-gradient(90deg, ${colors.primary}, ${colors.violet}, ${colors.accent})` }} />
      <div style={{ display: "flex", flex: 1, padding: "52px 72px 56px", gap: 56 }}>
        <div style={{ display: "flex", flexDirection: "column", flex: 1, justifyContent: "space-between", maxWidth: narrow ? undefined : 800 }}>
          <div style={{ ...row, gap: 18 }}>
            <img src={logo.src} width={logo.width} height={logo.height} alt="" />
            <span style={{ fontSize: 30, fontWeight: 700, letterSpacing: -0.5 }}>{siteName}</span>
          </div>
          <div style={{ display: "flex", flexDirection: "column", gap: 22 }}>
            {label && (
              <span style={{ fontSize: 22, fontWeight: 600, color: colors.primaryLine, textTransform: "uppercase", letterSpacing: 2 }}>{label}</span>
            )}
            <span style={{ fontSize: titleSize(title, narrow), fontWeight: 800, lineHeight: 1.1, letterSpacing: -1.5, display: "block", lineClamp: 4 }}>
              {title}
            </span>
            <span style={{ fontSize: 26, lineHeight: 1.4, color: colors.onInkMuted, display: "block", lineClamp: narrow ? 3 : 2 }}>{description}</span>
          </div>
          <div style={{ ...row, gap: 14 }}>
            <div style={{ display: "flex", width: 40, height: 4, borderRadius: 2, backgroundColor: colors.accent }} />
            <span style={{ fontSize: 24, fontWeight: 600, color: colors.onInkMuted }}>{host}</span>
          </div>
        </div>
        {artwork && (
          <div style={{ display: "flex", alignItems: "center" }}>
            <div style={{ display: "flex", padding: 10, borderRadius: 34, backgroundColor: "rgba(255, 255, 255, 0.1)" }}>
              <div style={{ display: "flex", borderRadius: ARTWORK_RADIUS, overflow: "hidden" }}>
                <img src={artwork.src} width={artwork.width} height={artwork.height} alt="" />
              </div>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
