import { readFileSync } from 'node:fs';

import type { TemporalConfig } from '../config/base.config';

/** The TLS settings both Temporal SDK connections (client and worker) accept. */
export interface TemporalTlsOptions {
  serverNameOverride?: string;
  serverRootCACertificate?: Buffer;
  clientCertPair?: { crt: Buffer; key: Buffer };
}

/** The part of the SDKs' connection options our configuration decides. */
export interface TemporalConnectionOptions {
  address: string;
  tls?: TemporalTlsOptions;
  apiKey?: string;
}

type TemporalConnectionSettings = Pick<
  TemporalConfig,
  | 'temporalAddress'
  | 'temporalTlsCertPath'
  | 'temporalTlsKeyPath'
  | 'temporalTlsCaPath'
  | 'temporalTlsServerName'
  | 'temporalApiKey'
>;

/**
 * One place that turns the Temporal settings into connection options for every service:
 * plain TCP for a local server, mTLS with a client certificate (self-hosted or Cloud), or TLS
 * with an API key (Cloud). Any TLS setting turns TLS on; a certificate needs its key.
 */
export function temporalConnectionOptions(
  config: TemporalConnectionSettings,
  readFile: (path: string) => Buffer = readFileSync,
): TemporalConnectionOptions {
  const options: TemporalConnectionOptions = { address: config.temporalAddress };
  if (Boolean(config.temporalTlsCertPath) !== Boolean(config.temporalTlsKeyPath)) {
    throw new Error('TEMPORAL_TLS_CERT_PATH and TEMPORAL_TLS_KEY_PATH must be set together');
  }
  const tls: TemporalTlsOptions = {};
  if (config.temporalTlsCertPath) {
    tls.clientCertPair = {
      crt: readFile(config.temporalTlsCertPath),
      key: readFile(config.temporalTlsKeyPath),
    };
  }
  if (config.temporalTlsCaPath) tls.serverRootCACertificate = readFile(config.temporalTlsCaPath);
  if (config.temporalTlsServerName) tls.serverNameOverride = config.temporalTlsServerName;
  if (config.temporalApiKey) options.apiKey = config.temporalApiKey;
  if (Object.keys(tls).length > 0 || options.apiKey) options.tls = tls;
  return options;
}
