import { DocketException } from '@docket/platform';
import { ArgumentMetadata, ValidationPipe } from '@nestjs/common';

import { PageQuery, readPageQuery } from './page.query';
import { RequestValidationPipe } from './request-validation.pipe';

const METADATA: ArgumentMetadata = { type: 'query', metatype: PageQuery };

type Outcome =
  | { accepted: { type: string; page: unknown; limit: unknown; keys: string[] } }
  | { refused: { code: string; message: string; details: unknown } };

async function outcomeOf(run: () => Promise<unknown>): Promise<Outcome> {
  try {
    const value = (await run()) as PageQuery;
    return {
      accepted: {
        type: value.constructor.name,
        page: value.page,
        limit: value.limit,
        keys: Object.keys(value).sort(),
      },
    };
  } catch (error) {
    if (!(error instanceof DocketException)) throw error;
    return { refused: { code: error.code, message: error.message, details: error.details } };
  }
}

/** A query object the way Fastify's parser hands it over: no prototype. */
function parsed(entries: Record<string, unknown>): Record<string, unknown> {
  return Object.assign(Object.create(null) as Record<string, unknown>, entries);
}

const WELL_FORMED: Array<Record<string, unknown>> = [
  {},
  parsed({}),
  { page: '1' },
  { page: '2', limit: '100' },
  { limit: '1' },
  { limit: '20', page: '7' },
  { page: '9007199254740991' },
  parsed({ page: '3', limit: '50' }),
];

const REFUSED_OR_ODD: Array<Record<string, unknown> | null | undefined> = [
  { limit: '101' },
  { limit: '0' },
  { page: '0' },
  { page: '99999999999999999999' },
  { page: '9007199254740992' },
  { limit: '99999999999999999999' },
  { page: '1e3' },
  { page: '0x10' },
  { page: ' 1' },
  { page: '1 ' },
  { page: '01' },
  { page: '-1' },
  { page: '+1' },
  { page: '1.0' },
  { page: '' },
  { page: 'abc' },
  { page: ['1', '2'] },
  { limit: ['5'] },
  { page: 2 },
  { page: null },
  { page: undefined },
  { page: {} },
  { extra: '1' },
  { limit: '20', sort: 'name' },
  { constructor: '1' },
  { toString: '1' },
  JSON.parse('{"__proto__": {"page": "5"}}') as Record<string, unknown>,
  JSON.parse('{"page": "2", "__proto__": {"isAdmin": true}}') as Record<string, unknown>,
  parsed({ page: '1', hasOwnProperty: 'x' }),
  null,
  undefined,
];

describe('PageQuery fast path', () => {
  const pipe = new RequestValidationPipe();
  // The reference: the same pipe without the fast path (class-transformer + class-validator).
  const reference = (value: unknown) =>
    ValidationPipe.prototype.transform.call(pipe, structuredCopy(value), METADATA);

  it.each(WELL_FORMED.map((query) => [JSON.stringify(query), query]))(
    'reads %s itself, as class-validator would',
    async (_, query) => {
      const fast = readPageQuery(structuredCopy(query));
      expect(fast).toBeInstanceOf(PageQuery);
      const expected = await outcomeOf(() => reference(query));
      expect('accepted' in expected).toBe(true);
      expect(await outcomeOf(async () => fast)).toEqual(expected);
      expect(await outcomeOf(() => pipe.transform(structuredCopy(query), METADATA))).toEqual(
        expected,
      );
    },
  );

  it.each(REFUSED_OR_ODD.map((query) => [labelOf(query), query]))(
    'leaves %s to class-validator, with the same outcome',
    async (_, query) => {
      expect(readPageQuery(structuredCopy(query))).toBeUndefined();
      const expected = await outcomeOf(() => reference(query));
      expect(await outcomeOf(() => pipe.transform(structuredCopy(query), METADATA))).toEqual(
        expected,
      );
    },
  );

  it('refuses the hostile values with the messages clients see', async () => {
    expect(
      await outcomeOf(() => pipe.transform({ page: '99999999999999999999' }, METADATA)),
    ).toEqual({
      refused: {
        code: 'VALIDATION_FAILED',
        message:
          'Invalid request: page: page must not be less than 1, page must be an integer number',
        details: {
          fields: [
            {
              field: 'page',
              problems: ['page must not be less than 1', 'page must be an integer number'],
            },
          ],
        },
      },
    });
    const past = await outcomeOf(() => pipe.transform({ limit: '101' }, METADATA));
    expect(past).toEqual({
      refused: {
        code: 'VALIDATION_FAILED',
        message: 'Invalid request: limit: limit must not be greater than 100',
        details: { fields: [{ field: 'limit', problems: ['limit must not be greater than 100'] }] },
      },
    });
  });

  it('keeps the fast path to PageQuery itself (subclasses have more fields)', async () => {
    class Wider extends PageQuery {}
    await expect(
      pipe.transform({ page: '1' }, { type: 'query', metatype: Wider }),
    ).resolves.toBeInstanceOf(Wider);
  });
});

function labelOf(query: unknown): string {
  if (query === null || query === undefined) return String(query);
  return JSON.stringify(query, (_, value: unknown) =>
    value === undefined ? '<undefined>' : value,
  );
}

/** The pipe strips prototype keys in place: each path gets its own copy of the input. */
function structuredCopy(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const copy = Object.create(Object.getPrototypeOf(value) as object | null) as Record<
    string,
    unknown
  >;
  for (const key of Object.keys(value)) {
    Object.defineProperty(copy, key, {
      value: (value as Record<string, unknown>)[key],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}
