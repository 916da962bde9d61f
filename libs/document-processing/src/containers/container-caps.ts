import { ProcessingError } from '../errors/processing-error';

const MIB = 1024 * 1024;

/**
 * Limits that keep a hostile archive or e-mail from exhausting memory or time. Everything is
 * unpacked in memory (nothing touches the disk), so the byte caps bound the memory an unpack can
 * take.
 */
export interface ContainerCaps {
  /** Entries in a zip (directories included) or attachments in an e-mail. Default 1000. */
  readonly maxEntries: number;
  /** Sum of the unpacked sizes of all children. Default 256 MiB. */
  readonly maxTotalBytes: number;
  /** Uncompressed size / compressed size of one zip entry. Default 100. */
  readonly maxCompressionRatio: number;
  /**
   * Entries smaller than this uncompressed are exempt from the ratio check: a small file of zeros
   * legitimately compresses a thousandfold, and its size is already bounded. Default 1 MiB.
   */
  readonly ratioCheckMinBytes: number;
  /**
   * Containers nested inside containers: an uploaded container has depth 0, a zip inside it
   * depth 1, and so on; a container at depth >= maxDepth is refused. Default 3.
   */
  readonly maxDepth: number;
  /** MIME parts (every body part of every multipart) in one e-mail. Default 100. */
  readonly maxMimeParts: number;
}

export const DEFAULT_CONTAINER_CAPS: ContainerCaps = Object.freeze({
  maxEntries: 1000,
  maxTotalBytes: 256 * MIB,
  maxCompressionRatio: 100,
  ratioCheckMinBytes: 1 * MIB,
  maxDepth: 3,
  maxMimeParts: 100,
});

export interface UnpackOptions {
  /** How many containers enclose this one; 0 for an uploaded file. */
  readonly depth?: number;
  readonly caps?: Partial<ContainerCaps>;
}

/** A file found inside a container. Nothing is written to disk: the bytes are in memory. */
export interface UnpackedFile {
  /** Base name, safe to use as a file name. */
  readonly filename: string;
  /** Relative path inside the container (equal to filename for e-mail attachments). */
  readonly path: string;
  readonly bytes: Buffer;
  /** The type the container declared (e-mail Content-Type); zips declare none. */
  readonly declaredMimeType?: string;
}

export function resolveContainerCaps(overrides: Partial<ContainerCaps> = {}): ContainerCaps {
  const caps = { ...DEFAULT_CONTAINER_CAPS, ...overrides };
  for (const [name, value] of Object.entries(caps)) {
    // A NaN or negative cap would silently disable a check; refuse it loudly instead.
    if (!Number.isFinite(value) || value < 0) {
      throw new RangeError(`container cap ${name} must be a non-negative number, got ${value}`);
    }
  }
  return caps;
}

export function assertDepthAllowed(depth: number, caps: ContainerCaps, what: string): void {
  if (!Number.isInteger(depth) || depth < 0) {
    throw new RangeError(`container depth must be a non-negative integer, got ${depth}`);
  }
  if (depth >= caps.maxDepth) {
    throw new ProcessingError(
      'TOO_DEEP',
      `${what} is nested ${depth} levels deep; at most ${caps.maxDepth} levels of containers are unpacked`,
      { depth, maxDepth: caps.maxDepth },
    );
  }
}
