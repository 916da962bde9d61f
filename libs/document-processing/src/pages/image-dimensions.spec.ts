import { textImage } from '../testing/image-fixtures';
import { assertPixelCap, readImageDimensions } from './image-dimensions';

describe('readImageDimensions', () => {
  it('reads PNG and JPEG sizes from their headers', async () => {
    const image = await textImage(321, 123, []);
    expect(readImageDimensions('png', image.png)).toEqual({ width: 321, height: 123 });
    expect(readImageDimensions('jpeg', image.jpeg)).toEqual({ width: 321, height: 123 });
  });

  it('reports damaged headers as corrupt', () => {
    expect(() => readImageDimensions('png', Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toThrow(
      expect.objectContaining({ code: 'CORRUPT_FILE' }),
    );
    expect(() =>
      readImageDimensions('jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x01])),
    ).toThrow(expect.objectContaining({ code: 'CORRUPT_FILE' }));
  });

  it('enforces the pixel cap', () => {
    expect(() => assertPixelCap({ width: 1000, height: 1000 }, 1_000_000)).not.toThrow();
    expect(() => assertPixelCap({ width: 1001, height: 1000 }, 1_000_000)).toThrow(
      expect.objectContaining({ code: 'TOO_LARGE' }),
    );
  });
});
