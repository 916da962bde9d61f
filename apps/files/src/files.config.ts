import { DatabaseConfig, Env } from '@docket/platform';
import { AZURITE_DEVELOPMENT_CONNECTION_STRING } from '@docket/storage';
import { IsInt, IsString, Max, Min } from 'class-validator';

const MIB = 1024 * 1024;

export class FilesConfig extends DatabaseConfig {
  @Env(
    'AZURE_STORAGE_CONNECTION_STRING',
    'Storage account with a shared key (signs SAS URLs). Default: the local Azurite account',
    { secret: true },
  )
  @IsString()
  storageConnectionString = AZURITE_DEVELOPMENT_CONNECTION_STRING;

  @Env(
    'STORAGE_PUBLIC_URL',
    'Storage address put in upload/download URLs ({upload_url}); empty = the BlobEndpoint of ' +
      'the connection string. Set it when clients reach storage under another name',
  )
  @IsString()
  storagePublicUrl = '';

  @Env(
    'STORAGE_CORS_ORIGINS',
    "Browser origins (the review console's address) allowed to PUT to upload URLs and read " +
      'download URLs, comma-separated; set on the storage account at start. Empty = none',
  )
  @IsString()
  storageCorsOrigins = '';

  @Env(
    'FILE_MAX_BYTES',
    'Upload size cap in bytes (default 50 MiB). A larger upload ends FAILED (FILE_TOO_LARGE)',
  )
  @IsInt()
  @Min(1)
  fileMaxBytes = 50 * MIB;

  @Env('DOWNLOAD_URL_TTL_SECONDS', 'Lifetime of download and page-image URLs (default 5 min)')
  @IsInt()
  @Min(30)
  @Max(3600)
  downloadUrlTtlSeconds = 300;

  @Env('FILE_PROCESSING_CONCURRENCY', 'Files processed at once by one files process')
  @IsInt()
  @Min(1)
  @Max(32)
  processingConcurrency = 2;

  @Env(
    'FILE_PROCESSING_LEASE_SECONDS',
    'A PROCESSING file whose replica has not renewed its lease for this long (the replica ' +
      'died) is picked up again; leases are renewed every quarter of it',
  )
  @IsInt()
  @Min(20)
  processingLeaseSeconds = 60;

  @Env('FILE_PROCESSING_MAX_ATTEMPTS', 'Processing attempts before a file ends FAILED')
  @IsInt()
  @Min(1)
  processingMaxAttempts = 3;

  @Env(
    'UPLOAD_RECONCILE_INTERVAL_MS',
    'How often pending uploads are checked in storage (the arrival safety net; the only ' +
      'detector on Azurite besides reads)',
  )
  @IsInt()
  @Min(100)
  reconcileIntervalMs = 1000;

  @Env(
    'UPLOAD_ABANDON_AFTER_SECONDS',
    'A pending upload with no content this long after its URL expired ends FAILED',
  )
  @IsInt()
  @Min(0)
  uploadAbandonAfterSeconds = 3600;

  @Env(
    'OCR_PAGES_AT_ONCE',
    'Scanned pages read by OCR at once by one files process, over all its files; 0 = one per ' +
      'core (set the CPU limit where a container sees more cores)',
  )
  @IsInt()
  @Min(0)
  @Max(64)
  ocrPagesAtOnce = 0;

  @Env('PAGE_RENDER_DPI', 'Resolution of page images (PDF and TIFF pages rendered to PNG)')
  @IsInt()
  @Min(36)
  @Max(600)
  pageRenderDpi = 150;

  @Env('CONTAINER_MAX_ENTRIES', 'Files in one zip / attachments in one e-mail')
  @IsInt()
  @Min(1)
  containerMaxEntries = 1000;

  @Env('CONTAINER_MAX_TOTAL_BYTES', 'Unpacked bytes of one zip or e-mail (default 200 MiB)')
  @IsInt()
  @Min(1)
  containerMaxTotalBytes = 200 * MIB;

  @Env('CONTAINER_MAX_DEPTH', 'Levels of nested containers unpacked (an upload is level 0)')
  @IsInt()
  @Min(1)
  @Max(10)
  containerMaxDepth = 3;
}
