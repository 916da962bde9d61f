/**
 * Azurite's published development account (documented by Microsoft, not a secret). It is the
 * default so that a fresh checkout talks to the local emulator; production sets its own.
 */
export const AZURITE_DEVELOPMENT_CONNECTION_STRING =
  'DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;' +
  'AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;' +
  'BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1;';

export interface StorageAccount {
  accountName: string;
  accountKey: string;
  /** Where this process reaches the blob service, without a trailing slash. */
  blobEndpoint: string;
}

/**
 * Reads the parts of an Azure Storage connection string we need. A shared key is required: the
 * service signs SAS URLs itself, one blob at a time.
 */
export function parseConnectionString(connectionString: string): StorageAccount {
  const parts = new Map<string, string>();
  for (const segment of connectionString.split(';')) {
    const at = segment.indexOf('=');
    if (at <= 0) continue;
    parts.set(segment.slice(0, at).trim().toLowerCase(), segment.slice(at + 1).trim());
  }
  const accountName = parts.get('accountname');
  const accountKey = parts.get('accountkey');
  if (!accountName || !accountKey) {
    throw new Error('storage connection string needs AccountName and AccountKey');
  }
  const protocol = parts.get('defaultendpointsprotocol') ?? 'https';
  const suffix = parts.get('endpointsuffix') ?? 'core.windows.net';
  const blobEndpoint = parts.get('blobendpoint') ?? `${protocol}://${accountName}.blob.${suffix}`;
  return { accountName, accountKey, blobEndpoint: blobEndpoint.replace(/\/+$/, '') };
}
