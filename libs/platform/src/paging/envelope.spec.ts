import { enveloped } from './envelope';
import { pageOf } from './page';

describe('success envelope', () => {
  it('puts success and the message beside the body’s own properties', () => {
    expect(enveloped('Flow created', { flowId: 'f1', name: 'Intake' })).toEqual({
      success: true,
      message: 'Flow created',
      flowId: 'f1',
      name: 'Intake',
    });
    expect(enveloped('Signed out', {})).toEqual({ success: true, message: 'Signed out' });
  });

  it('wraps a list page the same way, with its paging', () => {
    expect(pageOf(['a', 'b'], 2, 2, 5, 'Items')).toEqual({
      success: true,
      message: 'Items',
      data: ['a', 'b'],
      page: 2,
      limit: 2,
      totalCount: 5,
      totalPages: 3,
    });
  });
});
