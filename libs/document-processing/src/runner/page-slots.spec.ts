import { PageSlots } from './page-slots';

describe('PageSlots', () => {
  it('grants up to its capacity at once, then in the order asked as slots come back', async () => {
    const slots = new PageSlots(2);
    const granted: string[] = [];
    const ask = (name: string) => slots.acquire().then(() => granted.push(name));

    const first = [ask('a'), ask('b')];
    const waiting = [ask('c'), ask('d')];
    await Promise.all(first);
    expect(granted).toEqual(['a', 'b']);
    expect(slots.inUse).toBe(2);

    slots.release();
    await waiting[0];
    expect(granted).toEqual(['a', 'b', 'c']);
    slots.release();
    await waiting[1];
    expect(granted).toEqual(['a', 'b', 'c', 'd']);
    expect(slots.inUse).toBe(2);
    expect(slots.peak).toBe(2);
  });

  it('withdraws a request that is aborted before it is granted', async () => {
    const slots = new PageSlots(1);
    await slots.acquire();
    const controller = new AbortController();
    const withdrawn = slots.acquire(controller.signal);
    const next = slots.acquire();

    controller.abort(new Error('document canceled'));
    await expect(withdrawn).rejects.toThrow('document canceled');
    slots.release();
    await next;
    expect(slots.inUse).toBe(1);
    await expect(slots.acquire(controller.signal)).rejects.toThrow('document canceled');
  });

  it('refuses a release without a grant and a capacity below one', () => {
    expect(() => new PageSlots(1).release()).toThrow('not granted');
    expect(() => new PageSlots(0)).toThrow(RangeError);
    expect(() => new PageSlots(1.5)).toThrow(RangeError);
  });
});
