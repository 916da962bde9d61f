import { ProfileName, PROFILES } from '../stack-profiles';
import { createDevIdp } from './dev-idp';
import { DevAccounts } from './dev-idp-accounts';
import { devIdpSettings } from './dev-idp-settings';

/** Runs the development IdP of one stack profile: `node main.js <profile>`. */
const profile = PROFILES[(process.argv[2] ?? process.env.DOCKET_PROFILE ?? 'dev') as ProfileName];
if (!profile) throw new Error(`unknown profile ${process.argv[2]}`);
const settings = devIdpSettings(profile);
const server = createDevIdp({
  port: settings.port,
  issuer: settings.issuer,
  clientId: settings.clientId,
  clientSecret: settings.clientSecret,
  redirectUris: settings.redirectUris,
  postLogoutRedirectUris: settings.postLogoutRedirectUris,
  accounts: DevAccounts.fromEnv(process.env.DEV_IDP_ACCOUNTS),
});
server.listen(settings.port, '127.0.0.1', () => {
  process.stdout.write(`development IdP for ${profile.name} on ${settings.issuer}\n`);
});
const stop = (): void => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
