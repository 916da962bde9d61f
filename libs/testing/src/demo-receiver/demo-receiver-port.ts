import { Profile } from '../stack-profiles';

/** Offset of the demo receiver's port from a profile's base port (after the IdP's 7). */
export const DEMO_RECEIVER_PORT_OFFSET = 8;

export function demoReceiverPort(profile: Profile): number {
  return profile.basePort + DEMO_RECEIVER_PORT_OFFSET;
}
