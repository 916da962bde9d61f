import { apiRequest } from './api-client';
import { devIdpSettings } from './idp/dev-idp-settings';
import { TEST_GATEWAY_URL, TEST_PROFILE } from './stack';
import { Profile } from './stack-profiles';

/**
 * Single sign-on helpers for e2e and browser tests: register the profile's development IdP for
 * an organization, give people passwords there, and sign in the way a browser does (following
 * redirects, keeping each site's cookies, posting the IdP's login form).
 */

/** Registers the development IdP as the organization's provider for the domains. */
export async function registerDevIdp(
  adminToken: string,
  domains: string[],
  profile: Profile = TEST_PROFILE,
): Promise<{ identityProviderId: string }> {
  const idp = devIdpSettings(profile);
  const response = await apiRequest<{ identityProviderId: string }>('POST', '/identity-providers', {
    token: adminToken,
    body: {
      name: 'Development IdP',
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      domains,
    },
  });
  if (response.status !== 201)
    throw new Error(`IdP registration failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** Gives a person an account (e-mail and password) at the profile's development IdP. */
export async function addDevIdpAccount(
  account: { email: string; password: string; name?: string },
  profile: Profile = TEST_PROFILE,
): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${devIdpSettings(profile).port}/accounts`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (response.status !== 204) throw new Error(`IdP account failed: ${response.status}`);
}

/** One hop of a browser's navigation. */
export interface Hop {
  url: string;
  status: number;
  location?: string;
  setCookies: string[];
  body: string;
}

/** A cookie-keeping, redirect-following client: just enough browser for a sign-in. */
export class MiniBrowser {
  readonly hops: Hop[] = [];
  private readonly jar = new Map<string, Map<string, string>>();

  /** Follows redirects from `url` until a non-redirect or a URL `stop` accepts. */
  async navigate(
    url: string,
    init: { method?: string; form?: Record<string, string> } = {},
    stop: (url: URL) => boolean = () => false,
  ): Promise<Hop> {
    let next = new URL(url);
    let method = init.method ?? 'GET';
    let body = init.form ? new URLSearchParams(init.form).toString() : undefined;
    for (let redirects = 0; redirects < 20; redirects++) {
      const headers: Record<string, string> = {};
      const cookies = this.cookiesFor(next);
      if (cookies) headers.cookie = cookies;
      if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
      const response = await fetch(next, { method, headers, body, redirect: 'manual' });
      const hop: Hop = {
        url: next.href,
        status: response.status,
        location: response.headers.get('location') ?? undefined,
        setCookies: response.headers.getSetCookie(),
        body: await response.text(),
      };
      this.hops.push(hop);
      this.keep(next, hop.setCookies);
      if (hop.status < 300 || hop.status >= 400 || !hop.location) return hop;
      next = new URL(hop.location, next);
      method = 'GET';
      body = undefined;
      if (stop(next)) return { ...hop, url: next.href };
    }
    throw new Error('too many redirects');
  }

  cookie(origin: string, name: string): string | undefined {
    return this.jar.get(new URL(origin).host)?.get(name);
  }

  private cookiesFor(url: URL): string {
    return [...(this.jar.get(url.host) ?? new Map<string, string>())]
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
  }

  private keep(url: URL, setCookies: string[]): void {
    const cookies = this.jar.get(url.host) ?? new Map<string, string>();
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...value] = pair.split('=');
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired) cookies.delete(name.trim());
      else cookies.set(name.trim(), value.join('=').trim());
    }
    this.jar.set(url.host, cookies);
  }
}

export interface SsoSignIn {
  browser: MiniBrowser;
  /** The gateway's last answer: the callback's redirect (or its refusal). */
  callback: Hop;
  /** The docket_refresh cookie's value, when the sign-in succeeded. */
  refreshCookie?: string;
}

/**
 * Signs in through GET /auth/sso/start, the IdP's login form and the callback, stopping at the
 * callback's answer (its Set-Cookie and redirect to returnTo), as a browser would see it.
 * `tamper` may rewrite the callback URL before the browser follows it (bad-state tests).
 */
export async function signInWithSso(
  email: string,
  password: string,
  options: { returnTo?: string; gatewayUrl?: string; tamper?: (callback: URL) => URL } = {},
): Promise<SsoSignIn> {
  const gateway = options.gatewayUrl ?? TEST_GATEWAY_URL;
  const browser = new MiniBrowser();
  const query = new URLSearchParams({
    email,
    ...(options.returnTo ? { returnTo: options.returnTo } : {}),
  });
  const isCallback = (url: URL): boolean => url.pathname === '/auth/sso/callback';
  const loginForm = await browser.navigate(`${gateway}/auth/sso/start?${query}`, {}, isCallback);
  if (loginForm.status !== 200)
    throw new Error(`no login form: ${loginForm.status} ${loginForm.body}`);
  const action = /action="([^"]+)"/.exec(loginForm.body)?.[1];
  if (!action) throw new Error('the IdP page has no form');
  const atCallback = await browser.navigate(
    new URL(action, loginForm.url).href,
    { method: 'POST', form: { email, password } },
    isCallback,
  );
  if (!atCallback.location || !isCallback(new URL(atCallback.url)))
    throw new Error(`login did not reach the callback: ${atCallback.status} ${atCallback.body}`);
  let callbackUrl = new URL(atCallback.url);
  // Talk to the gateway the tests use (127.0.0.1) whatever host the redirect URI names.
  callbackUrl = new URL(`${callbackUrl.pathname}${callbackUrl.search}`, gateway);
  if (options.tamper) callbackUrl = options.tamper(callbackUrl);
  const callback = await browser.navigate(callbackUrl.href, {}, () => true);
  return { browser, callback, refreshCookie: browser.cookie(gateway, 'docket_refresh') };
}
