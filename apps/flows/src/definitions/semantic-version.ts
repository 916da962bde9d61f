import type { VersionBump } from '@docket/contracts';

export interface SemanticVersion {
  major: number;
  minor: number;
  patch: number;
}

/** The first publish is v1.0.0 whatever the bump; later ones raise the named part. */
export function nextVersion(latest: SemanticVersion | null, bump: VersionBump): SemanticVersion {
  if (!latest) return { major: 1, minor: 0, patch: 0 };
  if (bump === 'major') return { major: latest.major + 1, minor: 0, patch: 0 };
  if (bump === 'minor') return { major: latest.major, minor: latest.minor + 1, patch: 0 };
  return { major: latest.major, minor: latest.minor, patch: latest.patch + 1 };
}

export function formatVersion(version: SemanticVersion): string {
  return `v${version.major}.${version.minor}.${version.patch}`;
}
