/**
 * satori paints every CSS gradient through an SVG <pattern> that holds the gradient on a rect of the element's size.
 * resvg renders a pattern into a tile pixmap of its own and then fills with it: for the card's full-size background
 * that is most of the card's cost. Where the pattern's tile coincides with user space (the painted rect starts at
 * 0,0 and has the tile's size) the rect can be filled with the gradient itself, with the same pixels. Other patterns
 * are left as they are.
 *
 * @param svg satori's output
 * @returns the same picture with such patterns replaced by their gradients
 */
export function flattenPatterns(svg: string): string {
  const pattern =
    /<pattern id="([^"]+)" x="0" y="0" width="1" height="1" patternUnits="objectBoundingBox">(<(linearGradient|radialGradient) id="([^"]+)"[\s\S]*?<\/\3>)<rect x="0" y="0" width="([\d.]+)" height="([\d.]+)" fill="url\(#\4\)"\/><\/pattern>/g;
  let out = svg;
  for (const [whole, patternId, gradient, , , width, height] of svg.matchAll(pattern)) {
    const use = `<rect x="0" y="0" width="${width}" height="${height}" fill="url(#${patternId})"/>`;
    const uses = out.split(use).length - 1;
    // Only a pattern painted exactly once, on a rect of its own size at the origin, is the same as its gradient there.
    if (uses !== 1 || out.split(`url(#${patternId})`).length - 1 !== 1) continue;
    out = out.replace(whole, gradient ?? "").replace(use, `<rect x="0" y="0" width="${width}" height="${height}" fill="url(#${gradientIdOf(gradient ?? "")})"/>`);
  }
  return out;
}

const gradientIdOf = (gradient: string) => gradient.match(/ id="([^"]+)"/)?.[1] ?? "";
