import { useEffect, useState } from 'react';

import { api, errorMessage, type Schemas } from '../api/client';

type FilePage = Schemas['FilePageRecord'];
export type Grounding = { documentId: string; page: number; box: Schemas['PageBoxRecord'] };

/**
 * The page a field was read from, with the field's grounding box drawn on it. Boxes are page
 * fractions ({x, y, width, height}), so the overlay is placed in percentages of the image.
 */
export function PageViewer(props: { fileId: string | null; grounding: Grounding | null }) {
  const [pages, setPages] = useState<FilePage[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState(1);

  useEffect(() => {
    if (!props.fileId) return;
    void api
      .GET('/files/{fileId}/pages', {
        params: { path: { fileId: props.fileId }, query: { limit: 100 } },
      })
      .then(({ data, error }) => {
        if (!data) return setError(errorMessage(error));
        setPages(data.data);
      });
  }, [props.fileId]);

  useEffect(() => {
    if (props.grounding) setShown(props.grounding.page);
  }, [props.grounding]);

  const page = pages.find((p) => p.pageNumber === shown) ?? pages[0];
  if (error)
    return (
      <p role="alert" className="error">
        {error}
      </p>
    );
  if (!page) return <p className="empty">No page image.</p>;
  const box =
    props.grounding && props.grounding.page === page.pageNumber ? props.grounding.box : null;
  return (
    <figure className="page-viewer">
      <div className="page-frame">
        <img src={page.imageUrl} alt={`Page ${page.pageNumber} of the document`} />
        {box && (
          <div
            className="grounding-box"
            data-testid="grounding-box"
            role="img"
            aria-label="Where the selected field was read"
            style={{
              left: `${box.x * 100}%`,
              top: `${box.y * 100}%`,
              width: `${box.width * 100}%`,
              height: `${box.height * 100}%`,
            }}
          />
        )}
      </div>
      {pages.length > 1 && (
        <figcaption className="pager">
          <button type="button" disabled={shown <= 1} onClick={() => setShown(shown - 1)}>
            Previous page
          </button>
          <span>
            Page {page.pageNumber} of {pages.length}
          </span>
          <button
            type="button"
            disabled={shown >= pages.length}
            onClick={() => setShown(shown + 1)}
          >
            Next page
          </button>
        </figcaption>
      )}
    </figure>
  );
}
