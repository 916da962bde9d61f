import { emailWith, emailWithParts } from '../testing/email-fixtures';
import { countMimeParts } from './mime-part-counter';

describe('countMimeParts', () => {
  it('counts a single-part message as one part', () => {
    expect(countMimeParts(Buffer.from('From: a@example.com\r\nSubject: hi\r\n\r\nhello\r\n'))).toBe(
      1,
    );
  });

  it('counts every delimited part, nested multiparts included, but not closing delimiters', () => {
    expect(countMimeParts(Buffer.from(emailWithParts(7)))).toBe(8);
    const nested = emailWith([], {
      inlineImages: [
        { filename: 'a.png', contentType: 'image/png', content: Buffer.from('x'), contentId: 'a' },
      ],
    });
    // root, body (related: html + image), no attachments.
    expect(countMimeParts(Buffer.from(nested))).toBe(4);
  });

  it('accepts transport padding after a delimiter and unquoted boundaries', () => {
    const message =
      'Content-Type: multipart/mixed; boundary=b1\r\n\r\n--b1  \r\n\r\nx\r\n--b1\t\r\n\r\ny\r\n--b1--\r\n';
    expect(countMimeParts(Buffer.from(message))).toBe(3);
  });
});
