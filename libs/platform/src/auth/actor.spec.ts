import { DocketException } from '../errors/docket.exception';
import { Actor, assertProjectAccess, canAccessProject, projectAccessDenied } from './actor';

const granted: Actor = {
  organizationId: 'org',
  userId: 'user',
  role: 'Reviewer',
  projectAccess: ['p1'],
};

describe('project grant rule', () => {
  it('lets an Admin into every project and a granted user into their projects only', () => {
    expect(canAccessProject({ ...granted, role: 'Admin', projectAccess: 'all' }, 'p2')).toBe(true);
    expect(canAccessProject(granted, 'p1')).toBe(true);
    expect(canAccessProject(granted, 'p2')).toBe(false);
    expect(() => assertProjectAccess(granted, 'p1')).not.toThrow();
  });

  it('refuses a project without a grant as PERMISSION_DENIED, naming what the caller asked for', () => {
    expect(() => assertProjectAccess(granted, 'p2')).toThrow(
      new DocketException('PERMISSION_DENIED', 'You have no access to this project'),
    );
    const refusal = projectAccessDenied('the project of this item');
    expect(refusal.code).toBe('PERMISSION_DENIED');
    expect(refusal.message).toBe('You have no access to the project of this item');
  });
});
