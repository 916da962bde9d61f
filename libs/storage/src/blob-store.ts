import {
  BlobSASPermissions,
  BlobServiceClient,
  ContainerClient,
  generateBlobSASQueryParameters,
  RestError,
  SASProtocol,
  StorageSharedKeyCredential,
} from '@azure/storage-blob';

import { withBrowserOrigins } from './browser-cors-rule';
import { parseConnectionString, StorageAccount } from './connection-string';
import { containerNameFor } from './container-name';

export interface BlobStoreOptions {
  connectionString: string;
  /**
   * The storage address clients use in signed URLs (`{upload_url}` of the specification), e.g.
   * a CDN or a public host name in front of the account. Empty: the connection string's endpoint.
   */
  publicBaseUrl?: string;
}

export interface BlobProperties {
  size: number;
  contentType?: string;
}

export class BlobTooLargeError extends Error {
  constructor(
    readonly size: number,
    readonly maxBytes: number,
  ) {
    super(`blob of ${size} bytes exceeds the cap of ${maxBytes} bytes`);
    this.name = 'BlobTooLargeError';
  }
}

/**
 * Azure Blob Storage (Azurite locally, an account in production) behind the handful of operations
 * Docket needs. Every operation names the organization, and the organization alone picks the
 * container, so no caller can write outside an organization's own container.
 */
export class BlobStore {
  private readonly account: StorageAccount;
  private readonly credential: StorageSharedKeyCredential;
  private readonly service: BlobServiceClient;
  private readonly publicBaseUrl: string;
  private readonly knownContainers = new Set<string>();

  constructor(options: BlobStoreOptions) {
    this.account = parseConnectionString(options.connectionString);
    this.credential = new StorageSharedKeyCredential(
      this.account.accountName,
      this.account.accountKey,
    );
    this.service = new BlobServiceClient(this.account.blobEndpoint, this.credential);
    this.publicBaseUrl = (options.publicBaseUrl || this.account.blobEndpoint).replace(/\/+$/, '');
  }

  /** Creates the organization's container on first use; cheap afterwards. */
  async ensureContainer(organizationId: string): Promise<void> {
    const name = containerNameFor(organizationId);
    if (this.knownContainers.has(name)) return;
    await this.service.getContainerClient(name).createIfNotExists();
    this.knownContainers.add(name);
  }

  /**
   * Create on one blob only, until `expiresOn`; cannot read, list or delete, and cannot
   * overwrite: storage refuses a second PUT once the blob exists (Create without Write), so the
   * bytes that were checked and processed are the bytes every later download serves.
   */
  uploadUrl(organizationId: string, blobPath: string, expiresOn: Date): string {
    return this.signedUrl(organizationId, blobPath, {
      permissions: BlobSASPermissions.parse('c'),
      expiresOn,
    });
  }

  /** Read on one blob only; the browser saves it under the original file name. */
  downloadUrl(
    organizationId: string,
    blobPath: string,
    expiresOn: Date,
    downloadName?: string,
  ): string {
    return this.signedUrl(organizationId, blobPath, {
      permissions: BlobSASPermissions.parse('r'),
      expiresOn,
      contentDisposition: downloadName ? contentDispositionOf(downloadName) : undefined,
    });
  }

  async properties(organizationId: string, blobPath: string): Promise<BlobProperties | undefined> {
    try {
      const properties = await this.blob(organizationId, blobPath).getProperties();
      return { size: properties.contentLength ?? 0, contentType: properties.contentType };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  /** Reads a whole blob, refusing (before downloading) anything above `maxBytes`. */
  async read(organizationId: string, blobPath: string, maxBytes: number): Promise<Buffer> {
    const blob = this.blob(organizationId, blobPath);
    const properties = await blob.getProperties();
    const size = properties.contentLength ?? 0;
    if (size > maxBytes) throw new BlobTooLargeError(size, maxBytes);
    // Bounded by count as well: the blob may have been replaced between the two calls.
    const bytes = await blob.downloadToBuffer(0, Math.min(size, maxBytes));
    return bytes;
  }

  async write(
    organizationId: string,
    blobPath: string,
    bytes: Uint8Array,
    contentType: string,
  ): Promise<void> {
    await this.ensureContainer(organizationId);
    await this.blob(organizationId, blobPath).uploadData(bytes, {
      blobHTTPHeaders: { blobContentType: contentType },
    });
  }

  /**
   * Lets pages served from these origins (the review console) use signed URLs from a browser,
   * keeping every CORS rule the account already has (withBrowserOrigins).
   */
  async allowBrowserOrigins(origins: readonly string[]): Promise<void> {
    const { cors = [] } = await this.service.getProperties();
    const rules = withBrowserOrigins(cors, origins);
    if (rules) await this.service.setProperties({ cors: rules });
  }

  /** For readiness probes: one authenticated round trip to the account. */
  async ping(): Promise<void> {
    await this.service.getProperties();
  }

  private blob(organizationId: string, blobPath: string) {
    return this.container(organizationId).getBlockBlobClient(blobPath);
  }

  private container(organizationId: string): ContainerClient {
    return this.service.getContainerClient(containerNameFor(organizationId));
  }

  private signedUrl(
    organizationId: string,
    blobPath: string,
    grant: { permissions: BlobSASPermissions; expiresOn: Date; contentDisposition?: string },
  ): string {
    const containerName = containerNameFor(organizationId);
    const sas = generateBlobSASQueryParameters(
      {
        containerName,
        blobName: blobPath,
        permissions: grant.permissions,
        expiresOn: grant.expiresOn,
        contentDisposition: grant.contentDisposition,
        protocol: this.publicBaseUrl.startsWith('https:')
          ? SASProtocol.Https
          : SASProtocol.HttpsAndHttp,
      },
      this.credential,
    ).toString();
    const path = blobPath.split('/').map(encodeURIComponent).join('/');
    return `${this.publicBaseUrl}/${containerName}/${path}?${sas}`;
  }
}

function isNotFound(error: unknown): boolean {
  return error instanceof RestError && error.statusCode === 404;
}

/** RFC 6266: an ASCII fallback plus the exact UTF-8 name. */
export function contentDispositionOf(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
