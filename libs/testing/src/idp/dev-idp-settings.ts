import { portOf, Profile } from '../stack-profiles';

/** Offset of the development IdP's port from a profile's base port (after the six services). */
export const DEV_IDP_PORT_OFFSET = 7;

export interface DevIdpSettings {
  port: number;
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** Where the provider may send the browser back after signing out (RP-initiated logout). */
  postLogoutRedirectUris: string[];
}

/** Where a profile's development IdP listens and how Docket is registered there. */
export function devIdpSettings(profile: Profile): DevIdpSettings {
  const port = profile.basePort + DEV_IDP_PORT_OFFSET;
  const gateway = portOf(profile, 'gateway');
  return {
    port,
    issuer: `http://localhost:${port}`,
    clientId: 'docket',
    // Public on purpose: this IdP exists only on a developer's machine and in tests.
    clientSecret: 'docket-development-idp-client-secret',
    redirectUris: [
      `http://localhost:${gateway}/auth/sso/callback`,
      `http://127.0.0.1:${gateway}/auth/sso/callback`,
    ],
    postLogoutRedirectUris: [
      `http://localhost:${gateway}/console/signed-out`,
      `http://127.0.0.1:${gateway}/console/signed-out`,
    ],
  };
}
