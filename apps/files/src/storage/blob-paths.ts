import { blobPathOf, safeBlobSegment } from '@docket/storage';

/**
 * Where a file's bytes live inside its organization's container. The file id makes the path
 * unique; the (sanitised) name keeps it readable in storage tools.
 */
export function contentBlobPath(fileId: string, filename: string): string {
  return blobPathOf('files', fileId, safeBlobSegment(filename));
}

export function pageImageBlobPath(fileId: string, pageNumber: number): string {
  return blobPathOf('files', fileId, 'pages', `${pageNumber}.png`);
}
