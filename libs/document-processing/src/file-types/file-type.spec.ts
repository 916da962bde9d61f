import { ProcessingError } from '../errors/processing-error';
import { emailWith } from '../testing/email-fixtures';
import { grayscaleTiff, textImage } from '../testing/image-fixtures';
import { digitalPdf } from '../testing/pdf-fixtures';
import { zipOf } from '../testing/zip-fixtures';
import { fileTypeFromFilename, fileTypeFromMimeType, SUPPORTED_TYPES } from './file-type';
import { assertMagicMatches, sniffFileType } from './file-type-sniffer';

async function samples(): Promise<Record<string, Uint8Array>> {
  const image = await textImage(40, 20, [{ text: 'x', x: 5, y: 15, size: 12 }]);
  return {
    pdf: await digitalPdf([[{ text: 'hello', x: 72, y: 700, size: 12 }]]),
    png: image.png,
    jpeg: image.jpeg,
    tiff: grayscaleTiff([{ width: 40, height: 20, gray: image.gray, dpi: 150 }]),
    eml: Buffer.from(emailWith([])),
    zip: await zipOf([{ name: 'a.txt', data: Buffer.from('a') }]),
  };
}

describe('file types', () => {
  it('lists every supported type with its MIME type', () => {
    expect(
      Object.values(SUPPORTED_TYPES).map((type) => [type.extensions.join('/'), type.mimeType]),
    ).toEqual([
      ['pdf', 'application/pdf'],
      ['png', 'image/png'],
      ['jpg/jpeg', 'image/jpeg'],
      ['tif/tiff', 'image/tiff'],
      ['eml', 'message/rfc822'],
      ['zip', 'application/zip'],
    ]);
  });

  it.each([
    ['claim.pdf', 'pdf'],
    ['SCAN.PDF', 'pdf'],
    ['photo.jpg', 'jpeg'],
    ['photo.JPEG', 'jpeg'],
    ['fax.tif', 'tiff'],
    ['fax.tiff', 'tiff'],
    ['logo.png', 'png'],
    ['mail.eml', 'eml'],
    ['bundle.zip', 'zip'],
    ['folder/sub/claim.pdf', 'pdf'],
  ])('knows %s as %s by its extension', (name, kind) => {
    expect(fileTypeFromFilename(name)?.kind).toBe(kind);
  });

  it.each(['notes.txt', 'archive.tar.gz', 'pdf', '.pdf', 'trailing.pdf.', 'report.docx'])(
    'does not support %s',
    (name) => {
      expect(fileTypeFromFilename(name)).toBeUndefined();
    },
  );

  it('maps MIME types, including common mislabels, ignoring parameters', () => {
    expect(fileTypeFromMimeType('application/PDF; name=x')?.kind).toBe('pdf');
    expect(fileTypeFromMimeType('image/jpg')?.kind).toBe('jpeg');
    expect(fileTypeFromMimeType('image/tif')?.kind).toBe('tiff');
    expect(fileTypeFromMimeType('text/plain')).toBeUndefined();
  });
});

describe('sniffFileType', () => {
  it('recognises every supported type by its content', async () => {
    const bytes = await samples();
    for (const [kind, content] of Object.entries(bytes)) {
      expect(sniffFileType(content)?.kind).toBe(kind);
    }
  });

  it('recognises an empty zip and a PDF behind a little leading junk', () => {
    expect(
      sniffFileType(Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]))?.kind,
    ).toBe('zip');
    expect(sniffFileType(Buffer.from('\r\n\r\ngarbage\n%PDF-1.7\n'))?.kind).toBe('pdf');
  });

  it('recognises nothing in text that merely looks like a header, or in random bytes', () => {
    expect(sniffFileType(Buffer.from('Note: call the customer back\n'))).toBeUndefined();
    expect(sniffFileType(Buffer.from([0x00, 0x01, 0x02, 0x03, 0x04]))).toBeUndefined();
    expect(sniffFileType(new Uint8Array())).toBeUndefined();
  });
});

describe('assertMagicMatches', () => {
  it('accepts every supported type under its own extensions', async () => {
    const bytes = await samples();
    for (const type of Object.values(SUPPORTED_TYPES)) {
      for (const extension of type.extensions) {
        expect(assertMagicMatches(`file.${extension}`, bytes[type.kind]!)).toBe(type);
      }
    }
  });

  it('refuses a .pdf that is really a PNG', async () => {
    const { png } = await samples();
    const error = catchError(() => assertMagicMatches('invoice.pdf', png!));
    expect(error).toBeInstanceOf(ProcessingError);
    expect(error).toMatchObject({
      code: 'MAGIC_MISMATCH',
      details: { expected: 'pdf', actual: 'png' },
    });
  });

  it('refuses content nothing recognises under a supported name', () => {
    expect(catchError(() => assertMagicMatches('scan.tiff', Buffer.from('hello')))).toMatchObject({
      code: 'MAGIC_MISMATCH',
      details: { actual: null },
    });
  });

  it('refuses an unsupported extension whatever the content', async () => {
    const { pdf } = await samples();
    expect(catchError(() => assertMagicMatches('invoice.exe', pdf!))).toMatchObject({
      code: 'UNSUPPORTED_TYPE',
    });
  });
});

function catchError(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}
