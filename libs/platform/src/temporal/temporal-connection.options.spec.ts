import { temporalConnectionOptions } from './temporal-connection.options';

const PLAIN = {
  temporalAddress: 'temporal:7233',
  temporalTlsCertPath: '',
  temporalTlsKeyPath: '',
  temporalTlsCaPath: '',
  temporalTlsServerName: '',
  temporalApiKey: '',
};

/** Stands in for the file system: each path reads as its own name. */
const readFile = (path: string) => Buffer.from(`contents of ${path}`);

describe('temporalConnectionOptions', () => {
  it('connects without TLS when nothing is configured', () => {
    expect(temporalConnectionOptions(PLAIN, readFile)).toEqual({ address: 'temporal:7233' });
  });

  it('reads the client certificate, key and CA for mTLS', () => {
    const options = temporalConnectionOptions(
      {
        ...PLAIN,
        temporalTlsCertPath: '/tls/tls.crt',
        temporalTlsKeyPath: '/tls/tls.key',
        temporalTlsCaPath: '/tls/ca.crt',
        temporalTlsServerName: 'temporal.internal',
      },
      readFile,
    );
    expect(options).toEqual({
      address: 'temporal:7233',
      tls: {
        clientCertPair: {
          crt: Buffer.from('contents of /tls/tls.crt'),
          key: Buffer.from('contents of /tls/tls.key'),
        },
        serverRootCACertificate: Buffer.from('contents of /tls/ca.crt'),
        serverNameOverride: 'temporal.internal',
      },
    });
  });

  it('turns TLS on with system CAs for an API key', () => {
    expect(temporalConnectionOptions({ ...PLAIN, temporalApiKey: 'key-1' }, readFile)).toEqual({
      address: 'temporal:7233',
      apiKey: 'key-1',
      tls: {},
    });
  });

  it('refuses a certificate without its key, and a key without its certificate', () => {
    expect(() =>
      temporalConnectionOptions({ ...PLAIN, temporalTlsCertPath: '/tls/tls.crt' }, readFile),
    ).toThrow('TEMPORAL_TLS_CERT_PATH and TEMPORAL_TLS_KEY_PATH must be set together');
    expect(() =>
      temporalConnectionOptions({ ...PLAIN, temporalTlsKeyPath: '/tls/tls.key' }, readFile),
    ).toThrow('TEMPORAL_TLS_CERT_PATH and TEMPORAL_TLS_KEY_PATH must be set together');
  });
});
