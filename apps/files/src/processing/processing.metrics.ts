import { counter, histogram } from '@docket/platform';

/** File processing as Prometheus sees it: how long it takes and how files fail. */
export const processingDuration = histogram(
  'docket_file_processing_duration_seconds',
  'Time to process one file, by kind and outcome',
  ['kind', 'outcome'] as const,
  [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
);

export const processingFailures = counter(
  'docket_file_processing_failures_total',
  'Files that ended FAILED, by failure code',
  ['code'] as const,
);
