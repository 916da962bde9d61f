import { ProcessingError } from '../errors/processing-error';
import { fileTypeFromMimeType } from '../file-types/file-type';

const MAX_NAME_LENGTH = 255;

/**
 * Validates a zip entry path and returns it normalised (forward slashes, no `.` or empty
 * segments). Absolute paths, drive letters and `..` segments are refused outright rather than
 * "fixed": an archive that carries them was built to escape an extraction directory, and we
 * would rather tell the uploader than guess what was meant.
 */
export function assertSafeEntryPath(rawPath: string): string {
  // Some Windows tools write backslashes despite the zip specification; treat them as separators
  // so that `..\\..\\x` cannot slip past the segment check.
  const path = rawPath.replace(/\\/g, '/');
  const refuse = (reason: string): never => {
    throw new ProcessingError('UNSAFE_PATH', `archive entry "${rawPath}" ${reason}`, {
      path: rawPath,
    });
  };
  if (path.includes('\u0000')) refuse('contains a NUL character');
  if (path.startsWith('/') || /^[a-zA-Z]:/.test(path)) refuse('is an absolute path');
  const segments = path.split('/');
  if (segments.includes('..')) refuse('escapes the archive with ".."');
  return segments.filter((segment) => segment !== '' && segment !== '.').join('/');
}

/** The last path segment, for a name to show and store. */
export function baseName(path: string): string {
  return path.split('/').pop() ?? path;
}

/**
 * A storable file name for an e-mail attachment. Mail clients send all sorts of names (old
 * Outlook sends full Windows paths), so unlike zip paths these are reduced to their base name
 * instead of refused; the result can never contain a separator or `..`.
 */
export function sanitizeAttachmentName(
  rawName: string | null,
  mimeType: string,
  index: number,
): string {
  const base = withoutControlCharacters(rawName ?? '')
    .split(/[\\/]/)
    .pop()!
    .trim();
  if (base !== '' && base !== '.' && base !== '..') return truncateName(base);
  const type = fileTypeFromMimeType(mimeType);
  const extension = type?.extensions[0] ?? 'bin';
  return `attachment-${index + 1}.${extension}`;
}

/** C0 controls and DEL: never legitimate in a name, and they confuse logs and terminals. */
function withoutControlCharacters(name: string): string {
  return Array.from(name)
    .filter((character) => character.charCodeAt(0) > 0x1f && character !== '\u007f')
    .join('');
}

function truncateName(name: string): string {
  if (name.length <= MAX_NAME_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
  return name.slice(0, MAX_NAME_LENGTH - extension.length) + extension;
}
