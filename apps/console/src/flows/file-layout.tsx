import { useEffect, useState } from 'react';

import { api, errorMessage, type Schemas } from '../api/client';

type Pair = Schemas['LayoutPairRecord'];

export interface PickedCaption {
  label: string;
  /** The answer read next to the caption, to guess the field's type from. */
  sample: string;
}

/** A field key from a caption: `Date of loss:` → `date_of_loss`. */
export function keyOfCaption(caption: string): string {
  const words = caption
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  const key = words.join('_').slice(0, 100);
  return /^[a-z]/.test(key) ? key : `field_${key}`;
}

/** The field type an answer looks like; a person can change it in the form. */
export function typeOfSample(sample: string): string {
  if (/^[$€£]\s?[\d,.]+$|^[\d,.]+\s?(USD|EUR|GBP)$/i.test(sample.trim())) return 'money';
  if (/^\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}$|^\d{4}-\d{2}-\d{2}$/.test(sample.trim())) return 'date';
  if (/^-?[\d,]+(\.\d+)?$/.test(sample.trim())) return 'number';
  return 'string';
}

/**
 * The layout of the draft's test file (GET /files/{fileId}/layout): the captions found on its
 * pages with the answers beside them, so a builder picks the extraction's fields from the page
 * instead of typing labels.
 */
export function FileLayout(props: {
  fileId: string;
  usedLabels: Set<string>;
  readOnly: boolean;
  onPick: (caption: PickedCaption) => void;
}) {
  const [pairs, setPairs] = useState<Array<Pair & { pageNumber: number }> | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setPairs(null);
    void api
      .GET('/files/{fileId}/layout', {
        params: { path: { fileId: props.fileId }, query: { page: 1, limit: 5 } },
      })
      .then(({ data, error }) => {
        if (!data) return setError(errorMessage(error));
        setPairs(
          data.data.flatMap((page) =>
            page.keyValuePairs.map((pair) => ({ ...pair, pageNumber: page.pageNumber })),
          ),
        );
      });
  }, [props.fileId]);

  if (error) return <p role="alert">The test file's layout could not be read: {error}</p>;
  if (!pairs) return <p className="loading">Reading the test file's layout…</p>;
  return (
    <section className="file-layout" aria-label="Captions on the test file">
      <h4>Captions on the test file</h4>
      {pairs.length === 0 && <p>No captions were found on the first pages.</p>}
      <ul>
        {pairs.map((pair, index) => {
          const label = pair.key.text.replace(/[:\s]+$/, '');
          const sample = pair.value?.text ?? '';
          return (
            <li key={`${pair.pageNumber}-${index}`}>
              <span className="caption">{label}</span>
              <span className="sample">{sample || '—'}</span>
              <button
                type="button"
                className="small"
                disabled={props.readOnly || props.usedLabels.has(label)}
                onClick={() => props.onPick({ label, sample })}
              >
                Use “{label}”
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
