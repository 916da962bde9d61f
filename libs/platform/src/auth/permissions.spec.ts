import { ROLES } from './actor';
import { isAllowed, OPERATIONS } from './permissions';

describe('permission matrix', () => {
  it('names only known roles and grants Admin everything (the specification: "nothing listed")', () => {
    for (const operation of OPERATIONS) expect(isAllowed('Admin', operation)).toBe(true);
    expect(ROLES).toEqual(['Admin', 'Partner', 'Reviewer']);
  });

  it('keeps organization administration to Admins', () => {
    for (const operation of [
      'workspaces.create',
      'projects.create',
      'users.create',
      'users.list',
    ] as const) {
      expect(isAllowed('Partner', operation)).toBe(false);
      expect(isAllowed('Reviewer', operation)).toBe(false);
    }
  });
});
