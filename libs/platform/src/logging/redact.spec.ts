import { REDACTED, redactHeaders, redactUrl } from './redact';

describe('redactUrl', () => {
  it.each([
    ['/items?access_token=abc.def.ghi', `/items?access_token=${REDACTED}`],
    ['/x?page=2&sig=SAS%2Bsig&limit=5', `/x?page=2&sig=${REDACTED}&limit=5`],
    ['/sso/callback?code=c0de&state=s7', `/sso/callback?code=${REDACTED}&state=${REDACTED}`],
    ['/x?Access_Token=a', `/x?Access_Token=${REDACTED}`],
    ['/x?access%5Ftoken=a', `/x?access%5Ftoken=${REDACTED}`],
    ['/x?access_token', `/x?access_token=${REDACTED}`],
    ['/items?page=1&search=token', '/items?page=1&search=token'],
    ['/items', '/items'],
  ])('%s is logged as %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('survives malformed percent-encoding', () => {
    expect(redactUrl('/x?%E0%A4%A=1&token=t')).toBe(`/x?%E0%A4%A=1&token=${REDACTED}`);
  });
});

describe('redactHeaders', () => {
  it('replaces credential headers whatever their case and keeps the rest', () => {
    expect(
      redactHeaders({
        Authorization: 'Bearer x',
        cookie: 'a=b',
        'x-docket-internal-secret': 's',
        accept: 'application/json',
      }),
    ).toEqual({
      Authorization: REDACTED,
      cookie: REDACTED,
      'x-docket-internal-secret': REDACTED,
      accept: 'application/json',
    });
  });
});
