import type { FastifyRequest } from 'fastify';

import { isSignInProblem, signInProblemPath, wantsPage } from './browser-pages';

function request(method: string, accept?: string): FastifyRequest {
  return { method, headers: accept === undefined ? {} : { accept } } as FastifyRequest;
}

describe('browser pages for refused sign-ins', () => {
  it('sends a page only to a browser navigating (GET asking for HTML)', () => {
    expect(wantsPage(request('GET', 'text/html,application/xhtml+xml,*/*;q=0.8'))).toBe(true);
    expect(wantsPage(request('GET', 'application/json'))).toBe(false);
    expect(wantsPage(request('GET', '*/*'))).toBe(false);
    expect(wantsPage(request('GET'))).toBe(false);
    expect(wantsPage(request('POST', 'text/html'))).toBe(false);
  });

  it('names the reason and the context in the console path, leaving out empty values', () => {
    const path = signInProblemPath('unknown-domain', {
      email: 'riley@nowhere.example',
      returnTo: '/console/items/1?projectId=2',
      retryAfter: undefined,
    });
    const url = new URL(path, 'http://localhost');
    expect(url.pathname).toBe('/console/sign-in-problem');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      reason: 'unknown-domain',
      email: 'riley@nowhere.example',
      returnTo: '/console/items/1?projectId=2',
    });
  });

  it('knows only its own reasons', () => {
    expect(isSignInProblem('wrong-person')).toBe(true);
    expect(isSignInProblem('WRONG-PERSON')).toBe(false);
    expect(isSignInProblem(undefined)).toBe(false);
  });
});
