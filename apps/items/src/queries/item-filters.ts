import { ItemFiltersQuery } from '@docket/contracts';
import { DocketException, isUuid } from '@docket/platform';

import { DayRange, FuzzyColumn, ItemFilterSet } from '../database/item-filter-set';
import { parseSearchText, SearchPrefix } from './search-text.parser';

const MM_DD_YYYY = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const FUZZY_PREFIXES: Partial<Record<SearchPrefix, FuzzyColumn>> = {
  flow: 'flow_name',
  summary: 'summary',
  insight: 'insight',
  'field-value': 'field_text',
  name: 'display_name',
};

export function resolveFilters(query: ItemFiltersQuery): ItemFilterSet {
  const filters: ItemFilterSet = {
    status: query.status,
    assignedTo: query.assignedTo,
    createdAfter: optionalDate(query.createdAfter),
    createdBefore: optionalDate(query.createdBefore),
    updatedAfter: optionalDate(query.updatedAfter),
    updatedBefore: optionalDate(query.updatedBefore),
    createdDays: [],
    fuzzy: [],
    flowIds: [],
    itemIds: [],
    displayIds: [],
    unassigned: false,
  };
  const fuzzyParameters: Array<[string | undefined, FuzzyColumn]> = [
    [query.flowName, 'flow_name'],
    [query.summary, 'summary'],
    [query.insight, 'insight'],
    [query.fieldValue, 'field_text'],
    [query.displayNameFilter, 'display_name'],
  ];
  for (const [value, column] of fuzzyParameters) {
    if (value !== undefined) filters.fuzzy.push({ column, value: nonBlank(value, column) });
  }
  if (query.flowId !== undefined) filters.flowIds.push(query.flowId);
  if (query.itemId !== undefined) filters.itemIds.push(query.itemId);
  if (query.displayId !== undefined) filters.displayIds.push(query.displayId);
  if (query.reviewer !== undefined) addReviewer(filters, query.reviewer, 'reviewer');
  if (query.createdDate !== undefined)
    filters.createdDays.push(utcDay(query.createdDate, 'createdDate'));

  if (query.searchText !== undefined) {
    const parsed = parseSearchText(query.searchText);
    for (const { prefix, value } of parsed.prefixes) addPrefix(filters, prefix, value);
    // Punctuation alone has no lexemes; searching for it would match nothing or everything.
    if (/[\p{L}\p{N}]/u.test(parsed.words)) filters.words = parsed.words;
  }
  return filters;
}

function addPrefix(filters: ItemFilterSet, prefix: SearchPrefix, value: string): void {
  const label = `searchText ${prefix}:`;
  if (!value) throw DocketException.invalid(`${label} needs a value`);
  const fuzzyColumn = FUZZY_PREFIXES[prefix];
  if (fuzzyColumn) {
    filters.fuzzy.push({ column: fuzzyColumn, value });
    return;
  }
  switch (prefix) {
    case 'flow-id':
      filters.flowIds.push(value);
      return;
    case 'id':
      if (!isUuid(value)) throw DocketException.invalid(`${label} must be a UUID`);
      filters.itemIds.push(value.toLowerCase());
      return;
    case 'display-id':
      if (!/^\d{1,15}$/.test(value) || Number(value) < 1)
        throw DocketException.invalid(`${label} must be a positive integer`);
      filters.displayIds.push(Number(value));
      return;
    case 'reviewer':
      addReviewer(filters, value, label);
      return;
    case 'date':
      filters.createdDays.push(utcDay(value, label));
      return;
    default:
      throw DocketException.invalid(`${label} is not supported`);
  }
}

function addReviewer(filters: ItemFilterSet, value: string, label: string): void {
  if (value.trim().toLowerCase() === 'none') filters.unassigned = true;
  else filters.fuzzy.push({ column: 'reviewer_name', value: nonBlank(value, label) });
}

function nonBlank(value: string, label: string): string {
  const trimmed = value.trim();
  if (!trimmed) throw DocketException.invalid(`${label} must not be blank`);
  return trimmed;
}

function optionalDate(value: string | undefined): Date | undefined {
  return value === undefined ? undefined : new Date(value);
}

/** MM/DD/YYYY as the UTC day it names; impossible dates (02/30) are refused. */
export function utcDay(value: string, label: string): DayRange {
  const match = MM_DD_YYYY.exec(value);
  const problem = DocketException.invalid(`${label} must be a date in the form MM/DD/YYYY`);
  if (!match) throw problem;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const from = new Date(Date.UTC(year, month - 1, day));
  if (
    from.getUTCFullYear() !== year ||
    from.getUTCMonth() !== month - 1 ||
    from.getUTCDate() !== day
  ) {
    throw problem;
  }
  return { from, to: new Date(from.getTime() + 24 * 60 * 60 * 1000) };
}
