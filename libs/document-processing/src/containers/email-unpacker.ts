import PostalMime from 'postal-mime';

import { ProcessingError } from '../errors/processing-error';
import {
  assertDepthAllowed,
  ContainerCaps,
  resolveContainerCaps,
  UnpackedFile,
  UnpackOptions,
} from './container-caps';
import { sanitizeAttachmentName } from './entry-name';
import { countMimeParts } from './mime-part-counter';

// Multipart inside multipart: real mail rarely goes beyond 5 levels; the parser's own default
// (256) is far too generous for recursion on hostile input.
const MAX_MULTIPART_NESTING = 32;

type Attachment = PostalMime.Attachment;

/**
 * Unpacks the attachments of an e-mail (RFC 5322 / MIME). Forwarded messages come out as `.eml`
 * children instead of being parsed inline, so that their own attachments are unpacked one level
 * deeper and count against the depth cap. Images referenced from the HTML body by Content-ID
 * (signature logos) are not attachments in the user's sense and are skipped.
 *
 * Refused with a ProcessingError: nesting too deep (TOO_DEEP), more MIME parts than allowed
 * (TOO_MANY_PARTS), more attachments than allowed (TOO_MANY_ENTRIES), more bytes than allowed
 * (TOO_LARGE), and anything the parser cannot read (CORRUPT_FILE).
 */
export async function unpackEmail(
  bytes: Uint8Array,
  options: UnpackOptions = {},
): Promise<UnpackedFile[]> {
  const caps = resolveContainerCaps(options.caps);
  assertDepthAllowed(options.depth ?? 0, caps, 'e-mail');
  // Counted before parsing, so that a message with thousands of parts costs one linear scan.
  const parts = countMimeParts(bytes);
  if (parts > caps.maxMimeParts) {
    throw new ProcessingError(
      'TOO_MANY_PARTS',
      `e-mail has ${parts} MIME parts; at most ${caps.maxMimeParts} are allowed`,
      { parts, maxMimeParts: caps.maxMimeParts },
    );
  }
  const attachments = (await parse(bytes)).filter((attachment) => !isInlineResource(attachment));
  return toChildren(attachments, caps);
}

async function parse(bytes: Uint8Array): Promise<Attachment[]> {
  try {
    const email = await PostalMime.parse(bytes, {
      attachmentEncoding: 'arraybuffer',
      forceRfc822Attachments: true,
      maxNestingDepth: MAX_MULTIPART_NESTING,
    });
    return email.attachments;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/nesting depth/i.test(message)) {
      throw new ProcessingError(
        'TOO_DEEP',
        `e-mail MIME structure is too deep: ${message}`,
        undefined,
        {
          cause: error,
        },
      );
    }
    if (/header size/i.test(message)) {
      throw new ProcessingError(
        'TOO_LARGE',
        `e-mail headers are too large: ${message}`,
        undefined,
        {
          cause: error,
        },
      );
    }
    throw new ProcessingError('CORRUPT_FILE', `e-mail cannot be parsed: ${message}`, undefined, {
      cause: error,
    });
  }
}

function isInlineResource(attachment: Attachment): boolean {
  return attachment.related === true && attachment.disposition !== 'attachment';
}

function toChildren(attachments: readonly Attachment[], caps: ContainerCaps): UnpackedFile[] {
  if (attachments.length > caps.maxEntries) {
    throw new ProcessingError(
      'TOO_MANY_ENTRIES',
      `e-mail has ${attachments.length} attachments; at most ${caps.maxEntries} are allowed`,
      { entryCount: attachments.length, maxEntries: caps.maxEntries },
    );
  }
  let totalBytes = 0;
  return attachments.map((attachment, index) => {
    const bytes = contentBytes(attachment);
    totalBytes += bytes.length;
    if (totalBytes > caps.maxTotalBytes) {
      throw new ProcessingError(
        'TOO_LARGE',
        `e-mail attachments exceed ${caps.maxTotalBytes} bytes in total`,
        { maxTotalBytes: caps.maxTotalBytes },
      );
    }
    const filename = sanitizeAttachmentName(attachment.filename, attachment.mimeType, index);
    return { filename, path: filename, bytes, declaredMimeType: attachment.mimeType };
  });
}

function contentBytes(attachment: Attachment): Buffer {
  const { content } = attachment;
  if (typeof content === 'string') return Buffer.from(content, attachment.encoding ?? 'utf8');
  if (ArrayBuffer.isView(content)) {
    return Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  }
  return Buffer.from(content);
}
