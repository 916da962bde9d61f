export type FileKind = 'pdf' | 'png' | 'jpeg' | 'tiff' | 'eml' | 'zip';

/** `pages`: rendered into page images and a text layer; `container`: unpacked into child files. */
export type FileRole = 'pages' | 'container';

export interface SupportedFileType {
  readonly kind: FileKind;
  /** The MIME type a file of this type is stored with (the specification: "taken from the extension"). */
  readonly mimeType: string;
  /** Lower-case extensions without the dot; the first is the canonical one. */
  readonly extensions: readonly string[];
  readonly role: FileRole;
}

export const SUPPORTED_TYPES: Readonly<Record<FileKind, SupportedFileType>> = {
  pdf: { kind: 'pdf', mimeType: 'application/pdf', extensions: ['pdf'], role: 'pages' },
  png: { kind: 'png', mimeType: 'image/png', extensions: ['png'], role: 'pages' },
  jpeg: { kind: 'jpeg', mimeType: 'image/jpeg', extensions: ['jpg', 'jpeg'], role: 'pages' },
  tiff: { kind: 'tiff', mimeType: 'image/tiff', extensions: ['tif', 'tiff'], role: 'pages' },
  eml: { kind: 'eml', mimeType: 'message/rfc822', extensions: ['eml'], role: 'container' },
  zip: { kind: 'zip', mimeType: 'application/zip', extensions: ['zip'], role: 'container' },
};

const BY_EXTENSION: ReadonlyMap<string, SupportedFileType> = new Map(
  Object.values(SUPPORTED_TYPES).flatMap((type) =>
    type.extensions.map((extension) => [extension, type] as const),
  ),
);

/** The supported type a file name promises by its extension (case-insensitive), if any. */
export function fileTypeFromFilename(filename: string): SupportedFileType | undefined {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  if (dot <= 0 || dot === base.length - 1) return undefined;
  return BY_EXTENSION.get(base.slice(dot + 1).toLowerCase());
}

/** The supported type for a MIME type (parameters and case ignored), if any. */
export function fileTypeFromMimeType(mimeType: string): SupportedFileType | undefined {
  const essence = mimeType.split(';')[0]!.trim().toLowerCase();
  // image/jpg and image/tif are common mislabels from mail clients; they mean the same thing.
  const alias: Readonly<Record<string, string>> = {
    'image/jpg': 'image/jpeg',
    'image/tif': 'image/tiff',
  };
  const wanted = alias[essence] ?? essence;
  return Object.values(SUPPORTED_TYPES).find((type) => type.mimeType === wanted);
}
