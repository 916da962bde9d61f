import { preflightPdf } from './pdf-preflight';

const pdf = (body: string): Buffer => Buffer.from(`%PDF-1.7\n${body}\n%%EOF\n`);

describe('preflightPdf', () => {
  it('accepts a complete PDF, with trailing bytes after the end marker', () => {
    expect(() => preflightPdf(pdf('1 0 obj << /Type /Catalog >> endobj'))).not.toThrow();
    expect(() => preflightPdf(Buffer.concat([pdf(''), Buffer.alloc(500)]))).not.toThrow();
  });

  it('refuses a PDF without an end marker near its end', () => {
    expect(() => preflightPdf(Buffer.from('%PDF-1.7\n1 0 obj << >>'))).toThrow(
      expect.objectContaining({ code: 'CORRUPT_FILE' }),
    );
    expect(() => preflightPdf(Buffer.concat([pdf(''), Buffer.alloc(2000)]))).toThrow(
      expect.objectContaining({ code: 'CORRUPT_FILE' }),
    );
  });

  it.each([
    '<< /S /JavaScript /JS (app.alert(1)) >>',
    '<</S/JavaScript/JS<616c657274>>>',
    '<< /JS 5 0 R >>',
  ])('refuses JavaScript actions: %s', (action) => {
    expect(() => preflightPdf(pdf(action))).toThrow(
      expect.objectContaining({ code: 'ACTIVE_CONTENT' }),
    );
  });

  it('does not read stream data as names: a scan whose image bytes hold "/JS " passes', () => {
    const image = Buffer.concat([
      Buffer.from([0xff, 0xd8]),
      Buffer.from(' x/JS /JavaScript '),
      Buffer.from([0xff, 0xd9]),
    ]);
    const scan = Buffer.concat([
      Buffer.from('%PDF-1.7\n4 0 obj << /Type /XObject /Subtype /Image /Length 24 >> stream\r\n'),
      image,
      Buffer.from('\nendstream endobj\n%%EOF\n'),
    ]);
    expect(() => preflightPdf(scan)).not.toThrow();
  });

  it('still finds a JavaScript action after a stream, and in a dictionary that only mentions "stream"', () => {
    const afterStream = pdf(
      '4 0 obj << /Length 3 >> stream\nabc\nendstream endobj 5 0 obj << /S /JavaScript /JS (x) >> endobj',
    );
    expect(() => preflightPdf(afterStream)).toThrow(
      expect.objectContaining({ code: 'ACTIVE_CONTENT' }),
    );
    const notAStream = pdf('5 0 obj << /Title (stream) /S /JavaScript /JS (x) >> endobj');
    expect(() => preflightPdf(notAStream)).toThrow(
      expect.objectContaining({ code: 'ACTIVE_CONTENT' }),
    );
  });

  it('does not mistake other names for JavaScript', () => {
    expect(() => preflightPdf(pdf('<< /JSON (x) /JavaScriptish 1 /Jx 2 >>'))).not.toThrow();
  });
});
