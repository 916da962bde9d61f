import { emailWith, emailWithParts } from '../testing/email-fixtures';
import { unpackEmail } from './email-unpacker';

const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n');
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

describe('unpackEmail', () => {
  it('returns the attachments with their bytes and declared types', async () => {
    const forwarded = emailWith([
      { filename: 'inner.pdf', contentType: 'application/pdf', content: pdf },
    ]);
    const email = emailWith([
      { filename: 'claim form.pdf', contentType: 'application/pdf', content: pdf },
      { filename: 'damage.png', contentType: 'image/png', content: png },
      { filename: 'forwarded.eml', contentType: 'message/rfc822', content: Buffer.from(forwarded) },
    ]);

    const children = await unpackEmail(Buffer.from(email));

    expect(
      children.map(({ filename, path, declaredMimeType }) => ({
        filename,
        path,
        declaredMimeType,
      })),
    ).toEqual([
      { filename: 'claim form.pdf', path: 'claim form.pdf', declaredMimeType: 'application/pdf' },
      { filename: 'damage.png', path: 'damage.png', declaredMimeType: 'image/png' },
      { filename: 'forwarded.eml', path: 'forwarded.eml', declaredMimeType: 'message/rfc822' },
    ]);
    expect(children[0]!.bytes).toEqual(pdf);
    expect(children[1]!.bytes).toEqual(png);
    // The forwarded message stays whole: its own attachment is unpacked one level deeper.
    const inner = await unpackEmail(children[2]!.bytes, { depth: 1 });
    expect(inner.map((child) => [child.filename, child.bytes])).toEqual([['inner.pdf', pdf]]);
  });

  it('skips inline images referenced from the HTML body, keeps real attachments', async () => {
    const email = emailWith(
      [{ filename: 'report.pdf', contentType: 'application/pdf', content: pdf }],
      {
        html: '<p>Regards</p><img src="cid:logo@x">',
        inlineImages: [
          {
            filename: 'logo.png',
            contentType: 'image/png',
            content: png,
            disposition: 'inline',
            contentId: 'logo@x',
          },
        ],
      },
    );

    const children = await unpackEmail(Buffer.from(email));

    expect(children.map((child) => child.filename)).toEqual(['report.pdf']);
  });

  it('reduces attachment names to safe base names and names nameless ones', async () => {
    const email = emailWith([
      // Old Outlook sends full Windows paths (backslashes are escaped inside a quoted string).
      {
        filename: 'C:\\\\Users\\\\claims\\\\evil.pdf',
        contentType: 'application/pdf',
        content: pdf,
      },
      { filename: '../../etc/cron.d/job.tif', contentType: 'image/tiff', content: png },
      { contentType: 'application/pdf', content: pdf },
      { contentType: 'application/octet-stream', content: png },
    ]);

    const names = (await unpackEmail(Buffer.from(email))).map((child) => child.filename);

    expect(names).toEqual(['evil.pdf', 'job.tif', 'attachment-3.pdf', 'attachment-4.bin']);
  });

  it('refuses an e-mail with hundreds of MIME parts before parsing it', async () => {
    const email = Buffer.from(emailWithParts(500));

    await expect(unpackEmail(email)).rejects.toMatchObject({
      name: 'ProcessingError',
      code: 'TOO_MANY_PARTS',
      details: { parts: 501, maxMimeParts: 100 },
    });
    await expect(unpackEmail(email, { caps: { maxMimeParts: 600 } })).resolves.toEqual([]);
  });

  it('refuses more attachments than the entry cap', async () => {
    const email = emailWith(
      [1, 2, 3].map((index) => ({
        filename: `${index}.pdf`,
        contentType: 'application/pdf',
        content: pdf,
      })),
    );

    await expect(
      unpackEmail(Buffer.from(email), { caps: { maxEntries: 2 } }),
    ).rejects.toMatchObject({
      code: 'TOO_MANY_ENTRIES',
    });
  });

  it('refuses attachments larger in total than the byte cap', async () => {
    const email = emailWith([
      { filename: 'a.pdf', contentType: 'application/pdf', content: Buffer.alloc(3000, 1) },
      { filename: 'b.pdf', contentType: 'application/pdf', content: Buffer.alloc(3000, 2) },
    ]);

    await expect(
      unpackEmail(Buffer.from(email), { caps: { maxTotalBytes: 5000 } }),
    ).rejects.toMatchObject({
      code: 'TOO_LARGE',
    });
  });

  it('refuses e-mails nested deeper than the cap', async () => {
    const email = Buffer.from(emailWith([]));

    await expect(unpackEmail(email, { depth: 2 })).resolves.toEqual([]);
    await expect(unpackEmail(email, { depth: 3 })).rejects.toMatchObject({ code: 'TOO_DEEP' });
  });

  it('refuses multiparts nested absurdly deep inside one message', async () => {
    const depth = 60;
    const open = Array.from({ length: depth }, (_, level) =>
      [`Content-Type: multipart/mixed; boundary="b${level}"`, '', `--b${level}`].join('\r\n'),
    ).join('\r\n');
    const close = Array.from({ length: depth }, (_, level) => `--b${depth - 1 - level}--`).join(
      '\r\n',
    );
    const email = `From: a@example.com\r\nMIME-Version: 1.0\r\n${open}\r\nContent-Type: text/plain\r\n\r\nhi\r\n${close}\r\n`;

    await expect(unpackEmail(Buffer.from(email))).rejects.toMatchObject({ code: 'TOO_DEEP' });
  });
});
