import { blobPathOf, safeBlobSegment } from './blob-name';

describe('safeBlobSegment', () => {
  it.each([
    ['claim form.pdf', 'claim_form.pdf'],
    ['../../etc/passwd', 'etc_passwd'],
    ['/absolute/path.pdf', 'absolute_path.pdf'],
    ['a\\b.pdf', 'a_b.pdf'],
    ['report..pdf', 'report.pdf'],
    ['...', 'file'],
    ['', 'file'],
    ['Überweisung.pdf', 'U_berweisung.pdf'],
    ['x?sig=forged#frag.pdf', 'x_sig_forged_frag.pdf'],
  ])('%p becomes %p', (input, expected) => {
    expect(safeBlobSegment(input)).toBe(expected);
    expect(() => blobPathOf(safeBlobSegment(input))).not.toThrow();
  });

  it('keeps the end (the extension) of a long name, at most 120 characters', () => {
    const segment = safeBlobSegment(`${'a'.repeat(300)}.pdf`);
    expect(segment).toHaveLength(120);
    expect(segment.endsWith('.pdf')).toBe(true);
  });
});

describe('blobPathOf', () => {
  it('joins safe segments', () => {
    expect(blobPathOf('files', 'abc', 'pages', '1.png')).toBe('files/abc/pages/1.png');
  });

  it.each(['..', 'a/b', '', '.hidden', 'a..b', 'a b'])('refuses %p', (segment) => {
    expect(() => blobPathOf('files', segment)).toThrow(/unsafe/);
  });
});
