import { apiRequest, ApiResponse } from '@docket/testing';

import { pdfOf } from '../../flows/support/claim-documents';

export type Body = Record<string, unknown> & { code?: string; message?: string };

export function classify(
  token: string,
  projectId: string,
  body: unknown,
): Promise<ApiResponse<Body>> {
  return apiRequest<Body>('POST', `/projects/${projectId}/ai/classify`, { token, body });
}

export function extract(
  token: string,
  projectId: string,
  body: unknown,
): Promise<ApiResponse<Body>> {
  return apiRequest<Body>('POST', `/projects/${projectId}/ai/extract`, { token, body });
}

export function feedback(
  token: string,
  projectId: string,
  body: unknown,
): Promise<ApiResponse<Body>> {
  return apiRequest<Body>('POST', `/projects/${projectId}/ai/feedback`, { token, body });
}

/** The ai.classify node configuration the tests preview with. */
export const CLASSIFY_CONFIG = {
  classes: [
    {
      label: 'fnol',
      description: 'First notice of loss',
      keywords: [{ term: 'First Notice of Loss', weight: 3 }, 'Date of Loss', 'Insured Name'],
    },
    {
      label: 'invoice',
      description: 'Repair invoice',
      keywords: [{ term: 'Repair Invoice', weight: 3 }, 'Amount Due', 'Invoice Number'],
      patterns: ['INV-\\d{4,}'],
    },
    { label: 'police-report', keywords: [{ term: 'Police Report', weight: 3 }, 'Officer'] },
  ],
  minConfidence: 0.5,
};

export const CLAIM = {
  policyNumber: 'PN-4471-22',
  insuredName: 'Jane Smith',
  dateOfLoss: 'March 14, 2025',
  claimAmount: '$12,450.00',
};

/** Line 0 is the title; line n sits n * 28 pt under it (see pdfOf). */
export function claimFormPdf(): Promise<Buffer> {
  return pdfOf([
    [
      'First Notice of Loss',
      `Policy Number: ${CLAIM.policyNumber}`,
      `Insured Name: ${CLAIM.insuredName}`,
      `Date of Loss: ${CLAIM.dateOfLoss}`,
      `Claim Amount: ${CLAIM.claimAmount}`,
    ],
  ]);
}

export function invoicePdf(): Promise<Buffer> {
  return pdfOf([
    [
      'Repair Invoice',
      'Invoice Number: INV-20931',
      'Vendor: Main Street Auto Body',
      'Amount Due: $3,180.50',
    ],
  ]);
}

/** Top edge of line `index` of a pdfOf page, normalised (page 792 pt, 13 pt text at 720 pt). */
export function lineTop(index: number): number {
  return (792 - (720 - index * 28) - 13) / 792;
}
