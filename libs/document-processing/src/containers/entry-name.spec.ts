import { assertSafeEntryPath, baseName, sanitizeAttachmentName } from './entry-name';

describe('assertSafeEntryPath', () => {
  it('normalises harmless paths', () => {
    expect(assertSafeEntryPath('claims/./2024//form.pdf')).toBe('claims/2024/form.pdf');
    expect(assertSafeEntryPath('claims\\scan.tif')).toBe('claims/scan.tif');
    expect(assertSafeEntryPath('..hidden/file..pdf')).toBe('..hidden/file..pdf');
  });

  it.each([
    '../x.pdf',
    'a/../../x.pdf',
    '..\\x.pdf',
    '/etc/passwd',
    '\\\\server\\share\\x',
    'c:x.pdf',
    'a\u0000.pdf',
  ])('refuses %j', (path) => {
    expect(() => assertSafeEntryPath(path)).toThrow(
      expect.objectContaining({ code: 'UNSAFE_PATH' }),
    );
  });

  it('takes the base name of a path', () => {
    expect(baseName('a/b/c.pdf')).toBe('c.pdf');
    expect(baseName('c.pdf')).toBe('c.pdf');
  });
});

describe('sanitizeAttachmentName', () => {
  it('keeps the base name only, without control characters', () => {
    expect(sanitizeAttachmentName('C:\\Users\\x\\claim.pdf', 'application/pdf', 0)).toBe(
      'claim.pdf',
    );
    expect(sanitizeAttachmentName('../../etc/passwd', 'text/plain', 0)).toBe('passwd');
    expect(sanitizeAttachmentName('bad\u0007\u001b[31mname.pdf', 'application/pdf', 0)).toBe(
      'bad[31mname.pdf',
    );
  });

  it('names nameless and meaningless names by position and type', () => {
    expect(sanitizeAttachmentName(null, 'image/jpeg', 1)).toBe('attachment-2.jpg');
    expect(sanitizeAttachmentName('..', 'message/rfc822', 0)).toBe('attachment-1.eml');
    expect(sanitizeAttachmentName('   ', 'application/x-unknown', 4)).toBe('attachment-5.bin');
  });

  it('shortens very long names, keeping the extension', () => {
    const name = sanitizeAttachmentName(`${'a'.repeat(400)}.pdf`, 'application/pdf', 0);
    expect(name).toHaveLength(255);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});
