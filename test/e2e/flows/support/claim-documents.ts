import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A digital PDF with the given lines, top to bottom, one page per entry. */
export async function pdfOf(pages: string[][]): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = document.addPage([612, 792]);
    lines.forEach((line, index) =>
      page.drawText(line, { x: 72, y: 720 - index * 28, size: 13, font }),
    );
  }
  return Buffer.from(await document.save({ useObjectStreams: false }));
}

export interface ClaimValues {
  policyNumber: string;
  insuredName: string;
  dateOfLoss: string;
  claimAmount: string;
}

/** A first notice of loss, as an insurer's intake form prints it. */
export function claimForm(values: ClaimValues): Promise<Buffer> {
  return pdfOf([
    [
      'First Notice of Loss',
      `Policy Number: ${values.policyNumber}`,
      `Insured Name: ${values.insuredName}`,
      `Date of Loss: ${values.dateOfLoss}`,
      `Claim Amount: ${values.claimAmount}`,
    ],
  ]);
}

/** What a claims flow's extract step asks of a claimForm first: its policy number. */
export const CLAIM_POLICY_NUMBER_FIELD = {
  key: 'policy_number',
  type: 'string' as const,
  label: 'Policy Number',
  patterns: ['PN-\\d{6}'],
  required: true,
};
