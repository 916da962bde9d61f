// Hand-built MIME messages for the e-mail tests.

export interface EmailAttachmentFixture {
  readonly filename?: string;
  readonly contentType: string;
  readonly content: Buffer;
  readonly disposition?: 'attachment' | 'inline';
  readonly contentId?: string;
}

function part(attachment: EmailAttachmentFixture, boundary: string): string {
  const name = attachment.filename === undefined ? '' : `; name="${attachment.filename}"`;
  const filename = attachment.filename === undefined ? '' : `; filename="${attachment.filename}"`;
  return [
    `--${boundary}`,
    `Content-Type: ${attachment.contentType}${name}`,
    'Content-Transfer-Encoding: base64',
    `Content-Disposition: ${attachment.disposition ?? 'attachment'}${filename}`,
    ...(attachment.contentId === undefined ? [] : [`Content-ID: <${attachment.contentId}>`]),
    '',
    attachment.content.toString('base64').replace(/.{76}/g, '$&\r\n'),
  ].join('\r\n');
}

/**
 * multipart/mixed with a body and base64 attachments. With `inlineImages`, the body is an HTML
 * multipart/related carrying them, the way mail clients embed signature logos.
 */
export function emailWith(
  attachments: readonly EmailAttachmentFixture[],
  options: { html?: string; inlineImages?: readonly EmailAttachmentFixture[] } = {},
): string {
  const boundary = 'docket-mixed';
  const related = 'docket-related';
  const body =
    options.inlineImages === undefined
      ? ['Content-Type: text/plain; charset=utf-8', '', 'Please find the claim documents attached.']
      : [
          `Content-Type: multipart/related; boundary="${related}"`,
          '',
          `--${related}`,
          'Content-Type: text/html; charset=utf-8',
          '',
          options.html ?? '<p>Hello</p>',
          ...options.inlineImages.map((image) => part(image, related)),
          `--${related}--`,
        ];
  return [
    'From: Claims Desk <claims@example.com>',
    'To: intake@example.com',
    'Subject: Claim 4711',
    'Date: Tue, 02 Jan 2024 10:00:00 +0000',
    'Message-ID: <claim-4711@example.com>',
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    ...body,
    ...attachments.map((attachment) => part(attachment, boundary)),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/** A message with `count` tiny text parts: small on the wire, expensive to parse. */
export function emailWithParts(count: number): string {
  const boundary = 'many-parts';
  const parts = Array.from({ length: count }, (_, index) =>
    [`--${boundary}`, 'Content-Type: text/plain', '', `part ${index}`].join('\r\n'),
  );
  return [
    'From: someone@example.com',
    'Subject: parts',
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary=${boundary}`,
    '',
    ...parts,
    `--${boundary}--`,
    '',
  ].join('\r\n');
}
