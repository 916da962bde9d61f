/**
 * The middle value of `values` once sorted, the upper of the two middle ones for an even count
 * (a value that was measured, never an average of two): 0 when there are none. The layout,
 * table and memory stages take the typical gap, height or edge of a handful of boxes with it.
 */
export function upperMedian(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
