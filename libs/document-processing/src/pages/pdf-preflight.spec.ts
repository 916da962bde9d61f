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

  it('does not mistake other names for JavaScript', () => {
    expect(() => preflightPdf(pdf('<< /JSON (x) /JavaScriptish 1 /Jx 2 >>'))).not.toThrow();
  });
});
