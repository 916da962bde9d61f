import { makePage } from '../testing/text-page.fixture';
import type { TextPage } from '../text-layer/text-layer.types';
import type { ClassDefinition } from './classification.types';

export const INSURANCE_CLASSES: ClassDefinition[] = [
  {
    label: 'fnol',
    description: 'First notice of loss form',
    keywords: [
      { term: 'first notice of loss', weight: 3 },
      { term: 'date of loss', weight: 1 },
      'loss description',
      'claimant',
    ],
  },
  {
    label: 'invoice',
    description: 'Repair invoice or estimate',
    keywords: [
      { term: 'invoice', weight: 2 },
      'bill to',
      'subtotal',
      { term: 'amount due', weight: 1.5 },
    ],
    patterns: [{ pattern: 'INV-\\d+', weight: 1 }],
  },
  {
    label: 'police_report',
    description: 'Police accident report',
    keywords: [{ term: 'police report', weight: 3 }, 'officer', 'badge', 'incident number'],
  },
];

export function fnolPage(pageNumber = 1, name = 'Jane Roe'): TextPage {
  return makePage(
    [
      { x: 50, y: 50, text: 'FIRST NOTICE OF LOSS', size: 16 },
      { x: 50, y: 100, text: `Claimant: ${name}` },
      { x: 50, y: 120, text: 'Date of Loss: 03/14/2024' },
      { x: 50, y: 140, text: 'Loss Description: rear-ended at a light' },
    ],
    pageNumber,
  );
}

export function invoicePage(pageNumber = 1, number = 'INV-1001'): TextPage {
  return makePage(
    [
      { x: 50, y: 50, text: 'INVOICE', size: 16 },
      { x: 400, y: 50, text: number },
      { x: 50, y: 100, text: 'Bill To: Jane Roe' },
      { x: 50, y: 300, text: 'Subtotal $1,000.00' },
      { x: 50, y: 320, text: 'Amount Due $1,080.00' },
    ],
    pageNumber,
  );
}

export function policeReportPage(pageNumber = 1): TextPage {
  return makePage(
    [
      { x: 50, y: 50, text: 'POLICE REPORT', size: 16 },
      { x: 50, y: 100, text: 'Incident Number: 24-88812' },
      { x: 50, y: 120, text: 'Officer: Sgt. Miller  Badge 4471' },
    ],
    pageNumber,
  );
}

/** A page with prose and no class cues: a cover letter. */
export function letterPage(pageNumber = 1): TextPage {
  return makePage(
    [{ x: 50, y: 100, text: 'Dear Sir or Madam, please find enclosed the requested documents.' }],
    pageNumber,
  );
}
