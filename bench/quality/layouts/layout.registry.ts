import type { DocumentLayout } from '../layout.types';
import { DECLARATIONS_LAYOUTS } from './declarations.layouts';
import { FNOL_LAYOUTS } from './fnol.layouts';
import { INVOICE_LAYOUTS } from './invoice.layouts';
import { LOSS_RUN_LAYOUTS } from './loss-run.layouts';

export const ALL_LAYOUTS: readonly DocumentLayout[] = [
  ...FNOL_LAYOUTS,
  ...DECLARATIONS_LAYOUTS,
  ...INVOICE_LAYOUTS,
  ...LOSS_RUN_LAYOUTS,
];
