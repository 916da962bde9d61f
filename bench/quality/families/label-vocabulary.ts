import type { DocumentType } from '../synthetic-document.types';

/*
 * Captions the generated families print, written here and nowhere else: the engine never imports
 * this file, and no phrasing is a schema's plain label (family-grammar.ts checks), so a family
 * scores how well the engine reads captions it was not written against.
 */

export const FIELD_PHRASINGS: Readonly<Record<string, readonly string[]>> = {
  claim_number: ['Claim No.', 'Claim #', 'Loss Reference', 'Our Ref', 'File Number', 'Claim ID'],
  policy_number: ['Policy No.', 'Policy #', 'Contract Number', 'Certificate No.', 'Policy ID'],
  insured_name: ['Assured', 'Insured Entity', 'Insured Party', 'Account Name', 'Client'],
  insured_phone: ['Telephone', 'Contact No.', 'Tel.', 'Phone Number', 'Daytime Phone'],
  date_of_loss: ['Loss Date', 'Date of Incident', 'Incident Date', 'When Did It Happen', 'DOL'],
  date_reported: ['Reported On', 'Date Notified', 'Notice Date', 'Reported', 'Date of Notice'],
  loss_type: ['Cause of Loss', 'Peril', 'Nature of Loss', 'Loss Cause', 'Kind of Loss'],
  loss_location: ['Where It Happened', 'Loss Address', 'Incident Location', 'Place of Loss'],
  estimated_loss: ['Estimated Amount', 'Est. Damage', 'Approximate Loss', 'Loss Estimate'],
  police_report_filed: ['Police Notified', 'Police Report?', 'Reported to Police', 'Police Called'],
  named_insured: ['Assured', 'Insured', 'First Named Insured', 'Insured Entity', 'Client'],
  carrier: ['Insurance Provider', 'Underwriter', 'Issuing Company', 'Writing Company', 'Company'],
  agent_name: [
    'Account Executive',
    'Agent Name',
    'Your Representative',
    'Broker',
    'Servicing Agent',
  ],
  effective_date: ['Policy Period From', 'Inception', 'Coverage Begins', 'Effective', 'Start Date'],
  expiration_date: ['Policy Period To', 'Expiry', 'Coverage Ends', 'Expires', 'End Date'],
  line_of_business: ['Policy Type', 'Line', 'Product', 'Form Type', 'Class of Business'],
  total_premium: ['Total Annual Premium', 'Premium Due', 'Policy Premium', 'Total Cost'],
  invoice_number: ['Invoice No.', 'Invoice #', 'Bill Number', 'Document No.', 'Reference No.'],
  invoice_date: ['Date', 'Billed On', 'Date of Invoice', 'Issue Date', 'Invoice Dt.'],
  vin: ['Vehicle ID', 'VIN #', 'Vehicle Identification No.', 'Chassis No.', 'Serial No.'],
  subtotal: ['Sub Total', 'Net Amount', 'Total Before Tax', 'Parts & Labor', 'Goods Total'],
  tax: ['Sales Tax', 'Tax Amount', 'VAT', 'Tax Due', 'Taxes'],
  total: ['Amount Due', 'Balance Due', 'Grand Total', 'Total Due', 'Please Pay'],
  valuation_date: ['Valued As Of', 'As Of', 'Evaluation Date', 'Data As Of', 'Run Date'],
  total_paid: ['Paid to Date', 'Total Payments', 'Sum Paid', 'Paid Total'],
  total_incurred: ['Incurred to Date', 'Total Incurred Loss', 'Sum Incurred', 'Incurred Total'],
};

/** Column captions; a two-word phrasing may print over two header lines. */
export const COLUMN_PHRASINGS: Readonly<Record<string, readonly string[]>> = {
  coverage: ['Coverages', 'Coverage Part', 'Description', 'Protection', 'Item'],
  limit: ['Limits', 'Limit of Liability', 'Amount of Insurance', 'Max Payable', 'Insured Value'],
  deductible: ['Ded.', 'Deductibles', 'You Pay First', 'Excess', 'Retention'],
  premium: ['Cost', 'Annual Premium', 'Charge', 'Premium Amount', 'Price'],
  description: ['Item', 'Work Performed', 'Part / Labor', 'Service', 'Particulars'],
  quantity: ['Quantity', 'Units', 'Hrs/Qty', 'No.', 'Count'],
  unit_price: ['Rate', 'Each', 'Price', 'Unit Cost', 'Per Unit'],
  amount: ['Line Total', 'Ext. Price', 'Extended', 'Charge', 'Net'],
  claim_number: ['Claim No.', 'Claim #', 'Loss Ref', 'File No.', 'Claim ID'],
  loss_date: ['Date of Loss', 'Occurred', 'Incident Date', 'DOL', 'Accident Date'],
  status: ['Claim Status', 'State', 'Open/Closed', 'Stage', 'Condition'],
  paid: ['Paid to Date', 'Payments', 'Amount Paid', 'Total Paid', 'Indemnity Paid'],
  reserve: ['Outstanding', 'O/S Reserve', 'Open Reserve', 'Reserves', 'Case Reserve'],
  incurred: ['Total Incurred', 'Incurred Loss', 'Gross Incurred', 'Inc. Total', 'Incurred Amount'],
};

export const TITLES: Readonly<Record<DocumentType, readonly string[]>> = {
  fnol: ['Notice of Loss', 'Loss Notification', 'Incident Report', 'Claim Intake Form'],
  declarations: ['Declarations Page', 'Policy Summary', 'Schedule of Insurance', 'Dec Page'],
  invoice: ['Invoice', 'Repair Bill', 'Statement of Charges', 'Tax Invoice'],
  loss_run: ['Loss Run Report', 'Claims History', 'Loss Experience', 'Claims Summary'],
};

export const TOTAL_ROW_PHRASINGS: readonly string[] = ['Totals', 'Total', 'Grand Total', 'Sum'];
