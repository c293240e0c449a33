/**
 * satori gives every image a mask and a clip path of the image's own box (and a clip of its rounded frame when a
 * parent clips with overflow: hidden). resvg draws each mask and clip into a layer of its own, then multiplies: for the
 * card's logo and artwork that was most of the front layer's raster time. A mask that is one white rect, or a clip
 * that is one rect, on an element of exactly that box (whole pixels) changes nothing the element draws, so it goes:
 * - `mask="url(#m)"` is dropped when #m holds only a white rect of the element's box (itself masked by such a rect
 *   or not);
 * - `clip-path="url(#c)"` is dropped when #c holds only a rect of the element's box, or replaced by the clip path
 *   that #c itself is clipped by (the rounded frame).
 * Other masks and clips stay as they are.
 *
 * @param svg satori's output
 * @returns the same picture, pixel for pixel, without masks and clips that cut nothing
 */
export function dropBoxClips(svg: string): string {
  const box = (tag: string) => ["x", "y", "width", "height"].map((name) => tag.match(new RegExp(` ${name}="([^"]*)"`))?.[1]);
  const whole = (values: (string | undefined)[]) => values.every((value) => value !== undefined && /^-?\d+$/.test(value));
  const masks = new Map<string, { box: string; inner?: string }>();
  for (const [, id = "", rect = "", inner] of svg.matchAll(/<mask id="([^"]+)"><(rect [^>]*fill="#fff"(?: mask="url\(#([^)]+)\)")?)\/><\/mask>/g)) {
    masks.set(id, { box: box(rect).join(","), inner });
  }
  // A mask's own rect may be masked in turn: it is of the box only if that mask is too.
  const boxMask = (id: string, key: string, depth = 0): boolean => {
    const mask = masks.get(id);
    return mask?.box === key && (mask.inner === undefined || (depth < 8 && boxMask(mask.inner, key, depth + 1)));
  };
  const clips = new Map<string, { box: string; parent?: string }>();
  for (const [, id = "", parent, rect = ""] of svg.matchAll(/<clipPath id="([^"]+)"(?: clip-path="url\(#([^)]+)\)")?><(rect [^>]*)\/><\/clipPath>/g)) {
    clips.set(id, { box: box(rect).join(","), parent });
  }
  return svg.replace(/<(image|rect|path)\b[^>]*\/>/g, (tag) => {
    const own = box(tag);
    if (!whole(own)) return tag;
    const key = own.join(",");
    let out = tag;
    const mask = out.match(/ mask="url\(#([^)]+)\)"/);
    if (mask && boxMask(mask[1] ?? "", key)) out = out.replace(mask[0], "");
    const clip = out.match(/ clip-path="url\(#([^)]+)\)"/);
    const rect = clip && clips.get(clip[1] ?? "");
    if (clip && rect?.box === key) out = out.replace(clip[0], rect.parent ? ` clip-path="url(#${rect.parent})"` : "");
    return out;
  });
}
