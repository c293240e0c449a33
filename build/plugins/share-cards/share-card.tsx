import type { ReactElement } from "react";
import { SHARE_CARD } from "../../../src/lib/share-card.ts";
import type { BrandColors } from "../drawing/brand.ts";

/** An image placed on a card at its display size: a PNG or JPEG data URL satori embeds. */
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
const ARTWORK_RADIUS = 24;

const RULE_HEIGHT = 12;
/** The card's padding inside the rule (top, right, bottom, left). */
const PADDING = [52, 72, 56, 72] as const;
/** The translucent frame around the artwork. */
const FRAME = 10;

/**
 * The card's ground, as SVG drawn beneath satori's layout of the card (ShareCard leaves it transparent): the ink with
 * its glow from the top left, the brand rule along the top and, on cards without a picture, the logo's shape, large
 * and faint, so they do not read as an empty slide. satori would paint each CSS gradient through an SVG pattern, which
 * the rasterizer draws into a layer of its own: most of a card's drawing time. Written as SVG gradients they are painted
 * directly.
 */
export function cardGround(colors: BrandColors, withArtwork: boolean): string {
  const { width, height } = SHARE_CARD;
  const shape = withArtwork
    ? ""
    : `<rect x="940" y="170" width="520" height="520" rx="130" transform="rotate(12 1200 430)" fill="url(#shape)" fill-opacity="0.2"/>`;
  return [
    "<defs>",
    `<radialGradient id="glow" gradientUnits="userSpaceOnUse" cx="0" cy="0" r="${Math.hypot(width, height)}"><stop offset="0" stop-color="${colors.ink2}"/><stop offset="0.7" stop-color="${colors.ink}"/></radialGradient>`,
    `<linearGradient id="rule"><stop offset="0" stop-color="${colors.primary}"/><stop offset="0.5" stop-color="${colors.violet}"/><stop offset="1" stop-color="${colors.accent}"/></linearGradient>`,
    `<linearGradient id="shape" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors.primary}"/><stop offset="0.6" stop-color="${colors.violet}"/><stop offset="1" stop-color="${colors.accent}"/></linearGradient>`,
    "</defs>",
    `<rect width="${width}" height="${height}" fill="url(#glow)"/>`,
    shape,
    `<rect width="${width}" height="${RULE_HEIGHT}" fill="url(#rule)"/>`,
  ].join("");
}

/** Title size that keeps long titles within four lines of their column. */
function titleSize(title: string, narrow: boolean): number {
  const steps = narrow
    ? [
        [28, 60],
        [56, 50],
        [Infinity, 42],
      ]
    : [
        [36, 76],
        [72, 62],
        [Infinity, 52],
      ];
  return steps.find(([max]) => title.length <= (max ?? 0))?.[1] ?? 42;
}

/**
 * The share card laid out for satori (flexbox only; every element with several children says display: flex):
 * a brand gradient rule, the logo and site name, the title and description on the site's dark ink, the host at the
 * foot, and the page's artwork framed on the right when it has one.
 */
export function ShareCard({
  title,
  description,
  siteName,
  host,
  label,
  logo,
  artwork,
  colors,
  fontFamily,
}: ShareCardProps): ReactElement {
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
      }}
    >
      {/* The brand rule's place: cardGround draws it. */}
      <div style={{ display: "flex", height: RULE_HEIGHT }} />
      <div style={{ display: "flex", flex: 1, padding: PADDING.map((n) => `${n}px`).join(" "), gap: 56 }}>
        <div
          style={{
            display: "flex",
            flexDirection: "column",
            flex: 1,
            justifyContent: "space-between",
            maxWidth: narrow ? undefined : 800,
          }}
        >
          <div style={{ ...row, gap: 18 }}>
            <img src={logo.src} width={logo.width} height={logo.height} alt="" />
            <span style={{ fontSize: 30, fontWeight: 700, letterSpacing: -0.5 }}>{siteName}</span>
          </div>
          {cardText({ label, title, description, colors, narrow })}
          <div style={{ ...row, gap: 14 }}>
            <div style={{ display: "flex", width: 40, height: 4, borderRadius: 2, backgroundColor: colors.accent }} />
            <span style={{ fontSize: 24, fontWeight: 600, color: colors.onInkMuted }}>{host}</span>
          </div>
        </div>
        {artwork && framedArtwork(artwork)}
      </div>
    </div>
  );
}

/** The label, the title and the description, under one another. */
function cardText({
  label,
  title,
  description,
  colors,
  narrow,
}: Pick<ShareCardProps, "label" | "title" | "description" | "colors"> & { narrow: boolean }): ReactElement {
  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 22 }}>
      {label && (
        <span
          style={{
            fontSize: 22,
            fontWeight: 600,
            color: colors.primaryLine,
            textTransform: "uppercase",
            letterSpacing: 2,
          }}
        >
          {label}
        </span>
      )}
      <span
        style={{
          fontSize: titleSize(title, narrow),
          fontWeight: 800,
          lineHeight: 1.1,
          letterSpacing: -1.5,
          display: "block",
          lineClamp: 4,
        }}
      >
        {title}
      </span>
      <span
        style={{
          fontSize: 26,
          lineHeight: 1.4,
          color: colors.onInkMuted,
          display: "block",
          lineClamp: narrow ? 3 : 2,
        }}
      >
        {description}
      </span>
    </div>
  );
}

/** The page's artwork in a translucent frame. */
function framedArtwork(artwork: NonNullable<ShareCardProps["artwork"]>): ReactElement {
  return (
    <div style={{ display: "flex", alignItems: "center" }}>
      <div
        style={{
          display: "flex",
          padding: FRAME,
          borderRadius: ARTWORK_RADIUS + FRAME,
          backgroundColor: "rgba(255, 255, 255, 0.1)",
        }}
      >
        <div style={{ display: "flex", borderRadius: ARTWORK_RADIUS, overflow: "hidden" }}>
          <img src={artwork.src} width={artwork.width} height={artwork.height} alt="" />
        </div>
      </div>
    </div>
  );
}
