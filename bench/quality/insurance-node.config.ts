import type {
  ClassificationConfig,
  CrossFieldRule,
  FieldSchema,
  ScalarFieldDefinition,
  ValidationConfig,
} from '@docket/document-intelligence';
import type { ClassifyConfig } from '@docket/nodes';

import { CARRIERS, LINES_OF_BUSINESS, LOSS_TYPES } from './synthetic-data.generator';
import type { DocumentType } from './synthetic-document.types';

/**
 * The node configuration under test: what an operator would enter for an insurance intake flow.
 * Written from domain vocabulary (ACORD-style forms, carrier loss runs, shop estimates) before
 * the evaluation layouts were drawn; see docs/quality-benchmark.md for what that means.
 */
export const CLASSIFY_NODE: ClassifyConfig = {
  methods: ['rules', 'model'],
  minConfidence: 0.5,
  classes: [
    {
      label: 'fnol',
      description: 'First notice of loss: the initial report of a claim',
      keywords: [
        { term: 'first notice of loss', weight: 3 },
        { term: 'notice of loss', weight: 2.5 },
        { term: 'loss notice', weight: 2.5 },
        { term: 'loss report', weight: 2 },
        { term: 'claim report', weight: 2 },
        { term: 'date of loss', weight: 1 },
        { term: 'type of loss', weight: 1 },
        { term: 'cause of loss', weight: 1 },
        { term: 'kind of loss', weight: 1 },
        { term: 'description of loss', weight: 1 },
        { term: 'estimated loss', weight: 1 },
        { term: 'police report', weight: 0.5 },
        { term: 'reported by', weight: 0.5 },
      ],
    },
    {
      label: 'declarations',
      description: 'Policy declarations page: insured, period, coverages, limits and premium',
      keywords: [
        { term: 'declarations', weight: 3 },
        { term: 'declaration page', weight: 3 },
        { term: 'policy period', weight: 1.5 },
        { term: 'limits of liability', weight: 1.5 },
        { term: 'limit of liability', weight: 1.5 },
        { term: 'named insured', weight: 1 },
        { term: 'effective date', weight: 1 },
        { term: 'expiration date', weight: 1 },
        { term: 'coverage', weight: 1 },
        { term: 'total premium', weight: 1.5 },
        { term: 'premium', weight: 0.5 },
        { term: 'deductible', weight: 0.5 },
        { term: 'producer', weight: 0.5 },
      ],
    },
    {
      label: 'invoice',
      description: 'Invoice or repair estimate with line items',
      keywords: [
        { term: 'invoice', weight: 3 },
        { term: 'repair estimate', weight: 3 },
        { term: 'estimate of repairs', weight: 3 },
        { term: 'estimate', weight: 1 },
        { term: 'bill to', weight: 1 },
        { term: 'subtotal', weight: 1.5 },
        { term: 'sales tax', weight: 1 },
        { term: 'amount due', weight: 1.5 },
        { term: 'balance due', weight: 1.5 },
        { term: 'unit price', weight: 1 },
        { term: 'qty', weight: 1 },
        { term: 'labor', weight: 0.5 },
      ],
    },
    {
      label: 'loss_run',
      description:
        'Loss run report: claims history of a policy with paid, reserve and incurred amounts',
      keywords: [
        { term: 'loss run', weight: 3 },
        { term: 'loss history', weight: 2.5 },
        { term: 'claims history', weight: 2.5 },
        { term: 'loss experience', weight: 2 },
        { term: 'valuation date', weight: 1.5 },
        { term: 'valued as of', weight: 1.5 },
        { term: 'total incurred', weight: 1.5 },
        { term: 'incurred', weight: 1 },
        { term: 'reserve', weight: 1 },
        { term: 'paid', weight: 0.5 },
      ],
    },
  ],
};

/** The same classes in the engine's terms, for the splitter (which no node recipe wraps). */
export const CLASSIFICATION: ClassificationConfig = {
  ...CLASSIFY_NODE,
  methods: ['rules', 'model'],
};

const CLAIM_NUMBER: ScalarFieldDefinition = {
  key: 'claim_number',
  type: 'string',
  label: 'Claim Number',
  synonyms: ['Claim No', 'Claim #', 'Claim Reference', 'Claim Ref', 'Claim'],
  patterns: ['\\bCLM-\\d{4}-\\d{6}\\b', '\\b\\d{2}-\\d{5}-[A-Z]{2}\\b'],
  required: true,
};

const POLICY_NUMBER: ScalarFieldDefinition = {
  key: 'policy_number',
  type: 'string',
  label: 'Policy Number',
  synonyms: ['Policy No', 'Policy #', 'Policy Ref', 'Policy'],
  patterns: [
    '\\bPA-\\d{4}-\\d{6}\\b',
    '\\b[A-Z]{3}\\d{7}\\b',
    '\\bHO-\\d{2}-\\d{7}\\b',
    '\\b[A-Z]{2}\\d{3}-\\d{5}\\b',
  ],
  required: true,
};

const money = (
  key: string,
  label: string,
  synonyms: string[],
  required = false,
): ScalarFieldDefinition => ({
  key,
  type: 'money',
  label,
  synonyms,
  required,
});

export const SCHEMAS: Readonly<Record<DocumentType, FieldSchema>> = {
  fnol: {
    fields: [
      CLAIM_NUMBER,
      POLICY_NUMBER,
      {
        key: 'insured_name',
        type: 'string',
        label: 'Insured Name',
        synonyms: ['Name of Insured', 'Named Insured', 'Insured', 'Policyholder', 'Policy Holder'],
        required: true,
      },
      {
        key: 'insured_phone',
        type: 'string',
        label: 'Phone',
        synonyms: ['Insured Phone', 'Telephone', 'Contact Phone', 'Phone Number', 'Tel'],
        patterns: ['\\(\\d{3}\\) ?\\d{3}-\\d{4}', '\\b\\d{3}[-.]\\d{3}[-.]\\d{4}\\b'],
      },
      {
        key: 'date_of_loss',
        type: 'date',
        label: 'Date of Loss',
        synonyms: [
          'Loss Date',
          'Date of Incident',
          'Incident Date',
          'Date/Time of Loss',
          'Date of Accident',
        ],
        required: true,
      },
      {
        key: 'date_reported',
        type: 'date',
        label: 'Date Reported',
        synonyms: [
          'Reported Date',
          'Report Date',
          'Date of Report',
          'Reported On',
          'Notification Date',
          'Date Notified',
        ],
      },
      {
        key: 'loss_type',
        type: 'enum',
        label: 'Type of Loss',
        synonyms: ['Cause of Loss', 'Kind of Loss', 'Loss Type', 'Peril', 'Nature of Loss'],
        options: LOSS_TYPES.map((value) => ({ value })),
      },
      {
        key: 'loss_location',
        type: 'string',
        label: 'Location of Loss',
        synonyms: ['Loss Location', 'Loss Address', 'Address of Loss', 'Place of Loss', 'Location'],
      },
      money('estimated_loss', 'Estimated Loss', [
        'Estimated Amount',
        'Estimate of Loss',
        'Estimated Damage',
        'Loss Estimate',
        'Estimated Loss Amount',
        'Estimate of Damage',
      ]),
      {
        key: 'police_report_filed',
        type: 'boolean',
        label: 'Police Report Filed',
        synonyms: ['Police Report', 'Police Notified', 'Reported to Police'],
      },
    ],
  },
  declarations: {
    fields: [
      POLICY_NUMBER,
      {
        key: 'named_insured',
        type: 'string',
        label: 'Named Insured',
        synonyms: ['Insured', 'Name of Insured', 'Policyholder', 'Insured Name'],
        required: true,
      },
      {
        key: 'carrier',
        type: 'string',
        label: 'Insurance Company',
        synonyms: ['Carrier', 'Insurer', 'Company', 'Underwritten By', 'Issuing Company'],
        validation: [{ kind: 'lookup', list: 'carriers' }],
      },
      {
        key: 'agent_name',
        type: 'string',
        label: 'Agent',
        synonyms: ['Producer', 'Agent Name', 'Broker', 'Your Agent'],
      },
      {
        key: 'effective_date',
        type: 'date',
        label: 'Effective Date',
        synonyms: ['Policy Effective Date', 'Effective', 'Policy Period From', 'From'],
        required: true,
      },
      {
        key: 'expiration_date',
        type: 'date',
        label: 'Expiration Date',
        synonyms: ['Policy Expiration Date', 'Expiration', 'Expires', 'Policy Period To', 'To'],
        required: true,
      },
      {
        key: 'line_of_business',
        type: 'enum',
        label: 'Line of Business',
        synonyms: ['Policy Type', 'Coverage Type', 'Type of Policy', 'Product', 'LOB'],
        options: LINES_OF_BUSINESS.map((value) => ({
          value,
          synonyms:
            value === 'Personal Auto'
              ? ['Auto', 'Automobile']
              : value === 'Homeowners'
                ? ['Homeowner', 'HO-3']
                : [],
        })),
      },
      money(
        'total_premium',
        'Total Premium',
        [
          'Total Policy Premium',
          'Annual Premium',
          'Total Annual Premium',
          'Policy Premium',
          'Premium Total',
        ],
        true,
      ),
      {
        key: 'coverages',
        type: 'table',
        columns: [
          {
            key: 'coverage',
            type: 'string',
            label: 'Coverage',
            synonyms: ['Coverages', 'Coverage Description', 'Description'],
            required: true,
          },
          {
            key: 'limit',
            type: 'money',
            label: 'Limit',
            synonyms: [
              'Limits',
              'Limit of Liability',
              'Limits of Liability',
              'Amount of Insurance',
            ],
          },
          { key: 'deductible', type: 'money', label: 'Deductible', synonyms: ['Ded'] },
          { key: 'premium', type: 'money', label: 'Premium', synonyms: ['Annual Premium', 'Cost'] },
        ],
      },
    ],
  },
  invoice: {
    fields: [
      {
        key: 'invoice_number',
        type: 'string',
        label: 'Invoice Number',
        synonyms: [
          'Invoice No',
          'Invoice #',
          'Invoice',
          'Estimate Number',
          'Estimate No',
          'Estimate #',
          'RO Number',
          'Repair Order',
        ],
        patterns: ['\\bINV-\\d{5}\\b', '\\b[A-Z]\\d{6}\\b'],
        required: true,
      },
      {
        key: 'invoice_date',
        type: 'date',
        label: 'Invoice Date',
        synonyms: ['Date', 'Estimate Date', 'Date of Invoice', 'Date Issued', 'Issue Date'],
        required: true,
      },
      { ...CLAIM_NUMBER, required: false },
      {
        key: 'vin',
        type: 'string',
        label: 'VIN',
        synonyms: ['Vehicle Identification Number', 'VIN Number', 'Vehicle ID'],
        patterns: ['\\b[A-HJ-NPR-Z0-9]{17}\\b'],
      },
      money('subtotal', 'Subtotal', ['Sub Total', 'Sub-total', 'Total Before Tax', 'Net Amount']),
      money('tax', 'Tax', ['Sales Tax', 'Tax Amount', 'VAT']),
      money(
        'total',
        'Total',
        ['Total Due', 'Amount Due', 'Balance Due', 'Grand Total', 'Invoice Total', 'Total Amount'],
        true,
      ),
      {
        key: 'line_items',
        type: 'table',
        columns: [
          {
            key: 'description',
            type: 'string',
            label: 'Description',
            synonyms: ['Item', 'Item Description', 'Part Description', 'Operation', 'Part / Labor'],
            required: true,
          },
          {
            key: 'quantity',
            type: 'number',
            label: 'Qty',
            synonyms: ['Quantity', 'Hours', 'Hrs', 'Units'],
          },
          {
            key: 'unit_price',
            type: 'money',
            label: 'Unit Price',
            synonyms: ['Rate', 'Price', 'Unit Cost', 'Price Each'],
          },
          {
            key: 'amount',
            type: 'money',
            label: 'Amount',
            synonyms: ['Line Total', 'Total', 'Ext Price', 'Extended', 'Extended Price'],
            required: true,
          },
        ],
      },
    ],
  },
  loss_run: {
    fields: [
      {
        key: 'insured_name',
        type: 'string',
        label: 'Insured',
        synonyms: [
          'Insured Name',
          'Named Insured',
          'Name of Insured',
          'Account Name',
          'Account',
          'Policyholder',
        ],
        required: true,
      },
      POLICY_NUMBER,
      {
        key: 'carrier',
        type: 'string',
        label: 'Carrier',
        synonyms: ['Insurance Company', 'Insurer', 'Company', 'Writing Company'],
        validation: [{ kind: 'lookup', list: 'carriers' }],
      },
      {
        key: 'valuation_date',
        type: 'date',
        label: 'Valuation Date',
        synonyms: [
          'Valued As Of',
          'Valued As',
          'As Of',
          'As of Date',
          'Evaluation Date',
          'Run Date',
          'Report Date',
        ],
      },
      money('total_paid', 'Total Paid', ['Paid Total', 'Totals Paid']),
      money('total_incurred', 'Total Incurred', ['Incurred Total', 'Total Incurred Losses']),
      {
        key: 'claims',
        type: 'table',
        columns: [
          {
            key: 'claim_number',
            type: 'string',
            label: 'Claim Number',
            synonyms: ['Claim No', 'Claim #', 'Claim'],
            required: true,
          },
          {
            key: 'loss_date',
            type: 'date',
            label: 'Loss Date',
            synonyms: ['Date of Loss', 'DOL', 'Accident Date'],
          },
          {
            key: 'status',
            type: 'enum',
            label: 'Status',
            synonyms: ['Claim Status'],
            options: [
              { value: 'Open' },
              { value: 'Closed' },
              { value: 'Reopened', synonyms: ['Re-opened'] },
            ],
          },
          {
            key: 'paid',
            type: 'money',
            label: 'Paid',
            synonyms: ['Total Paid', 'Paid to Date', 'Paid Loss'],
          },
          {
            key: 'reserve',
            type: 'money',
            label: 'Reserve',
            synonyms: ['Outstanding', 'Reserves', 'O/S Reserve'],
          },
          {
            key: 'incurred',
            type: 'money',
            label: 'Incurred',
            synonyms: ['Total Incurred', 'Incurred Loss'],
          },
        ],
      },
    ],
  },
};

const CROSS_RULES: Readonly<Record<DocumentType, CrossFieldRule[]>> = {
  fnol: [{ kind: 'date-order', earlier: 'date_of_loss', later: 'date_reported' }],
  declarations: [
    { kind: 'date-order', earlier: 'effective_date', later: 'expiration_date', allowEqual: false },
    { kind: 'sum-equals', table: 'coverages', column: 'premium', total: 'total_premium' },
  ],
  invoice: [{ kind: 'sum-equals', table: 'line_items', column: 'amount', total: 'subtotal' }],
  loss_run: [{ kind: 'sum-equals', table: 'claims', column: 'incurred', total: 'total_incurred' }],
};

export function validationConfig(type: DocumentType): ValidationConfig {
  return { crossFieldRules: CROSS_RULES[type], defaultConfidenceThreshold: 0.7 };
}

export const REFERENCE_LISTS = { carriers: CARRIERS };
