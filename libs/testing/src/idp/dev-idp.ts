import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';

import type { OidcContext } from 'oidc-provider';
import * as oidcProvider from 'oidc-provider';

import { DevAccount, DevAccounts } from './dev-idp-accounts';
import { loginPage } from './login-page';

export interface DevIdpOptions {
  port: number;
  /** The issuer URL, e.g. http://localhost:3007; it must be how the relying party reaches it. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  accounts: DevAccounts;
}

const MAX_FORM_BYTES = 16 * 1024;

/**
 * A real OpenID Connect provider (oidc-provider) standing in for an organization's IdP in local
 * stacks and tests: authorization code with PKCE required, ID tokens signed with its own keys,
 * a password sign-in form, and consent implied for the one Docket client. `PUT /accounts` adds
 * a person (local development only; the server listens on the loopback interface).
 */
export function createDevIdp(options: DevIdpOptions): Server {
  const Provider = oidcProvider.default;
  const provider = new Provider(options.issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      // Signing out of Docket signs out here too, without asking again (as Entra ID and Okta
      // do when the relying party names the session with id_token_hint).
      rpInitiatedLogout: { enabled: true, logoutSource },
    },
    // Put e-mail and name in the ID token itself, as company IdPs (Entra ID, Google) do.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx: unknown, sub: string) => {
      const account = options.accounts.find(sub);
      if (!account) return undefined;
      return {
        accountId: account.email,
        claims: () => ({
          sub: account.email,
          email: account.email,
          email_verified: true,
          name: account.name,
        }),
      };
    },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    // The one client is Docket itself: consent is implied, as a company IdP would configure it.
    loadExistingGrant: async (ctx: OidcContext) => {
      const { client, session, result, provider: self } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const existing = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (existing) return self.Grant.find(existing);
      const grant = new self.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    cookies: { keys: ['docket-development-idp-cookie-key'] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AuthorizationCode: 60, IdToken: 300 },
  });
  const oidc = provider.callback();

  return createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(error instanceof Error ? error.message : 'error');
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', options.issuer);
    if (url.pathname === '/readyz') return send(res, 200, 'text/plain', 'ok');
    if (url.pathname === '/accounts' && req.method === 'PUT') return putAccount(req, res);
    const interaction = /^\/interaction\/([^/]+)(\/login)?$/.exec(url.pathname);
    if (!interaction) return oidc(req, res);
    const details = await provider.interactionDetails(req, res);
    const loginHint =
      typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
    if (!interaction[2] || req.method !== 'POST') {
      return send(res, 200, 'text/html; charset=utf-8', loginPage({ uid: details.uid, loginHint }));
    }
    const form = new URLSearchParams(await readBody(req));
    const account = options.accounts.check(form.get('email') ?? '', form.get('password') ?? '');
    if (!account) {
      const page = loginPage({
        uid: details.uid,
        loginHint: form.get('email') ?? '',
        error: 'Wrong e-mail or password',
      });
      return send(res, 401, 'text/html; charset=utf-8', page);
    }
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: account.email } },
      { mergeWithLastSubmission: false },
    );
  }

  async function putAccount(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = JSON.parse(await readBody(req)) as Partial<DevAccount>;
    if (typeof body.email !== 'string' || typeof body.password !== 'string')
      return send(res, 400, 'text/plain', 'email and password are required');
    options.accounts.put({
      email: body.email,
      password: body.password,
      name: body.name ?? body.email,
    });
    return send(res, 204, 'text/plain', '');
  }
}

/** oidc-provider's confirmation form, submitted at once with `logout=yes`. */
async function logoutSource(ctx: { body: string }, form: string): Promise<void> {
  const confirmed = form.replace(
    '</form>',
    '<input type="hidden" name="logout" value="yes"></form>',
  );
  ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Signing out - Docket development identity provider</title></head>
<body><p>Signing out…</p>${confirmed}
<script>document.getElementById('op.logoutForm').submit()</script>
<noscript><button type="submit" form="op.logoutForm">Sign out</button></noscript>
</body></html>`;
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_FORM_BYTES) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
