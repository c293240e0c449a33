/** What a shape inherits from its parents: whether it fills and strokes, and with which opacities. */
interface Paint {
  fill: boolean;
  stroke: boolean;
  fillOpacity: number;
  strokeOpacity: number;
}

const SHAPES = new Set(["rect", "circle", "ellipse", "path", "polygon", "polyline", "line"]);
const ROOT: Paint = { fill: true, stroke: false, fillOpacity: 1, strokeOpacity: 1 };

/**
 * resvg draws every element with `opacity` into a layer of its own and then blends the layer: in our artwork (faint
 * circles, glows) that was a third to two thirds of a cover's raster time. For one shape that only fills, or only strokes,
 * `opacity` gives the same picture as multiplying it into its fill-opacity or stroke-opacity, which resvg paints
 * directly; such opacities are folded. A shape that both fills and strokes (its stroke overlaps its fill), a group, and
 * a shape with a filter, mask, clip or marker keep their opacity. SVGs styled by CSS (a <style> element, style or
 * class attributes) are left whole, since their paint cannot be read from the attributes.
 *
 * @param svg an SVG document (artwork, covers)
 * @returns the same picture, give or take rounding (at most 8 of 255 in a channel on the real artwork, mostly 1 or 2)
 */
export function foldOpacity(svg: string): string {
  if (/<style[\s>]|\sstyle=|\sclass=/.test(svg)) return svg;
  const parents: Paint[] = [ROOT];
  return svg.replace(/<(\/?)([A-Za-z][\w:.-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/g, (tag, closing: string, name: string, attributes: string, empty: string) => {
    if (closing) {
      if (parents.length > 1) parents.pop();
      return tag;
    }
    const paint = inherit(attributes, parents.at(-1) ?? ROOT);
    if (!empty) {
      parents.push(paint);
      return tag;
    }
    const opacity = attribute(attributes, "opacity");
    if (opacity === undefined || !Number.isFinite(Number(opacity)) || !SHAPES.has(name) || /\s(filter|mask|clip-path|marker-start|marker-mid|marker-end)=/.test(attributes)) return tag;
    const fills = paint.fill && name !== "line";
    if (fills === paint.stroke) return tag; // both (they overlap) or neither (nothing to fold into)
    const [property, inherited] = fills ? ["fill-opacity", paint.fillOpacity] : ["stroke-opacity", paint.strokeOpacity];
    const folded = ` ${property}="${Number((Number(opacity) * inherited).toFixed(4))}"`;
    const rest = without(without(attributes, "opacity"), property);
    return `<${name}${rest}${folded}/>`;
  });
}

function inherit(attributes: string, parent: Paint): Paint {
  const paints = (name: string, from: boolean) => {
    const value = attribute(attributes, name);
    return value === undefined ? from : value !== "none";
  };
  const number = (name: string, from: number) => {
    const value = Number(attribute(attributes, name));
    return Number.isFinite(value) && attribute(attributes, name) !== undefined ? value : from;
  };
  return {
    fill: paints("fill", parent.fill),
    stroke: paints("stroke", parent.stroke),
    fillOpacity: number("fill-opacity", parent.fillOpacity),
    strokeOpacity: number("stroke-opacity", parent.strokeOpacity),
  };
}

const attribute = (attributes: string, name: string) => attributes.match(new RegExp(`\\s${name}=["']([^"']*)["']`))?.[1]?.trim();
const without = (attributes: string, name: string) => attributes.replace(new RegExp(`\\s${name}=("[^"]*"|'[^']*')`), "");
