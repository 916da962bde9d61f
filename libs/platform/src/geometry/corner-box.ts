/**
 * A rectangle by its corners, normalised to the page: 0..1 on both axes, origin at the top-left
 * corner. The one box type of the code base: the text layer makes it, the engine and the
 * services compute on it, and the contracts turn it into the public {x, y, width, height}
 * (`pageBoxFromCorners`). It lives in the lowest layer so that every one of them, the contracts
 * included, can name it without importing the libraries above.
 */
export interface CornerBox {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}
