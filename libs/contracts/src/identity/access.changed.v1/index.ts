/** Broadcast (core NATS, no reply) when grants or keys change, so gateways drop cached access. */
export const ACCESS_CHANGED_SUBJECT = 'identity.access.changed.v1';
