import { isUuid } from './uuid';

describe('isUuid', () => {
  it('accepts the 8-4-4-4-12 hex shape in either case, whatever the version', () => {
    expect(isUuid('6f1c2a4e-9b3d-4c1e-8a7f-2d5e6b7c8d9e')).toBe(true);
    expect(isUuid('6F1C2A4E-9B3D-4C1E-8A7F-2D5E6B7C8D9E')).toBe(true);
    expect(isUuid('00000000-0000-0000-0000-000000000001')).toBe(true);
  });

  it('refuses anything else', () => {
    for (const value of [
      '6f1c2a4e-9b3d-4c1e-8a7f-2d5e6b7c8d9',
      '6f1c2a4e-9b3d-4c1e-8a7f-2d5e6b7c8d9ef',
      '6f1c2a4e9b3d4c1e8a7f2d5e6b7c8d9e',
      'g f1c2a4e-9b3d-4c1e-8a7f-2d5e6b7c8d9e',
      ' 6f1c2a4e-9b3d-4c1e-8a7f-2d5e6b7c8d9e',
      '',
      42,
      undefined,
    ]) {
      expect(isUuid(value)).toBe(false);
    }
  });
});
