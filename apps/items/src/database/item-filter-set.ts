import type { ItemStatus } from '@docket/contracts';

/*
 * The shape of GET /items' filters the list statements read; the queries resolve a request's
 * parameters and search text into it.
 */

/** Columns the fuzzy filters search (pg_trgm): each prefix/parameter maps to one. */
export type FuzzyColumn =
  'flow_name' | 'summary' | 'insight' | 'field_text' | 'display_name' | 'reviewer_name';

export interface DayRange {
  from: Date;
  to: Date;
}

/**
 * Every filter of GET /items after parameters and searchText prefixes are merged. Lists are
 * AND-ed: `flowName=a` plus `flow:b` in searchText narrows to items matching both.
 */
export interface ItemFilterSet {
  status?: ItemStatus;
  assignedTo?: string;
  createdAfter?: Date;
  createdBefore?: Date;
  updatedAfter?: Date;
  updatedBefore?: Date;
  createdDays: DayRange[];
  fuzzy: Array<{ column: FuzzyColumn; value: string }>;
  flowIds: string[];
  itemIds: string[];
  displayIds: number[];
  unassigned: boolean;
  /** Free words for full-text search (websearch syntax: "phrases" allowed). */
  words?: string;
}
