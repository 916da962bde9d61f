/**
 * Connected blobs of ink (8-neighbourhood) of a grayscale page: the one walk over a page's ink
 * that the dotted-leader eraser (dotted-leaders.mjs) and the speck eraser (lone-specks.mjs) both
 * look at, each keeping the blobs it is after.
 */

/**
 * @typedef {object} InkComponent
 * @property {number} x0 leftmost column of its ink
 * @property {number} y0 topmost row
 * @property {number} x1 rightmost column (inclusive)
 * @property {number} y1 bottom row (inclusive)
 * @property {number} area ink pixels
 * @property {number} sumX sum of its pixels' columns (the centre is sumX / area)
 * @property {number} sumY sum of its pixels' rows
 * @property {number} label its pixels' number in `labels`
 */

/**
 * Labels every pixel darker than `inkBelow` with the number of its blob (0 for paper) and
 * returns the blobs `keep` accepts.
 * @param {Uint8Array} gray row-major, width * height bytes
 * @param {number} width
 * @param {number} height
 * @param {number} inkBelow a pixel darker than this is ink
 * @param {(component: InkComponent) => boolean} keep
 * @returns {{ labels: Int32Array, components: InkComponent[] }}
 */
export function inkComponents(gray, width, height, inkBelow, keep) {
  const labels = new Int32Array(width * height);
  /** @type {InkComponent[]} */
  const components = [];
  const stack = new Int32Array(width * height);
  let next = 0;
  for (let start = 0; start < gray.length; start += 1) {
    if (gray[start] >= inkBelow || labels[start] !== 0) continue;
    next += 1;
    let top = 0;
    stack[top++] = start;
    labels[start] = next;
    const component = { x0: width, y0: height, x1: -1, y1: -1, area: 0, sumX: 0, sumY: 0 };
    while (top > 0) {
      const index = stack[--top];
      const x = index % width;
      const y = (index - x) / width;
      component.area += 1;
      component.sumX += x;
      component.sumY += y;
      if (x < component.x0) component.x0 = x;
      if (x > component.x1) component.x1 = x;
      if (y < component.y0) component.y0 = y;
      if (y > component.y1) component.y1 = y;
      for (let dy = -1; dy <= 1; dy += 1) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx += 1) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const neighbour = ny * width + nx;
          if (labels[neighbour] !== 0 || gray[neighbour] >= inkBelow) continue;
          labels[neighbour] = next;
          stack[top++] = neighbour;
        }
      }
    }
    const found = { ...component, label: next };
    if (keep(found)) components.push(found);
  }
  return { labels, components };
}
