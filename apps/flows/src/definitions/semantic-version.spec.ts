import { formatVersion, nextVersion } from './semantic-version';

describe('flow versions', () => {
  it('starts at v1.0.0 whatever the bump', () => {
    expect(formatVersion(nextVersion(null, 'patch'))).toBe('v1.0.0');
    expect(formatVersion(nextVersion(null, 'major'))).toBe('v1.0.0');
  });

  it.each([
    ['major', 'v3.0.0'],
    ['minor', 'v2.5.0'],
    ['patch', 'v2.4.8'],
  ] as const)('raises the %s part', (bump, expected) => {
    expect(formatVersion(nextVersion({ major: 2, minor: 4, patch: 7 }, bump))).toBe(expected);
  });
});
