import { type PointerEvent, useEffect, useRef, useState } from 'react';

import { api, errorMessage, type Schemas } from '../api/client';

type FilePage = Schemas['FilePageRecord'];
export type PageBox = Schemas['PageBoxRecord'];
export type Grounding = { documentId: string; page: number; box: PageBox };

/** A drag smaller than this (a fraction of the page) is a click, not a box. */
const MIN_BOX = 0.005;

function clamp(value: number): number {
  return Math.min(1, Math.max(0, value));
}

/**
 * The page a field was read from, with the field's grounding box drawn on it. Boxes are page
 * fractions ({x, y, width, height}), so the overlay is placed in percentages of the image.
 */
export function PageViewer(props: {
  fileId: string | null;
  grounding: Grounding | null;
  /** When given, dragging on the page draws a box and hands it over (page fractions). */
  onBox?: (pageNumber: number, box: PageBox) => void;
}) {
  const [pages, setPages] = useState<FilePage[]>([]);
  const frame = useRef<HTMLDivElement>(null);
  const [start, setStart] = useState<{ x: number; y: number } | null>(null);
  const [drawn, setDrawn] = useState<PageBox | null>(null);
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
  const at = (event: PointerEvent) => {
    const rect = frame.current!.getBoundingClientRect();
    return {
      x: clamp((event.clientX - rect.left) / rect.width),
      y: clamp((event.clientY - rect.top) / rect.height),
    };
  };
  const spanned = (a: { x: number; y: number }, b: { x: number; y: number }): PageBox => ({
    x: Math.min(a.x, b.x),
    y: Math.min(a.y, b.y),
    width: Math.abs(a.x - b.x),
    height: Math.abs(a.y - b.y),
  });
  const drawing = props.onBox
    ? {
        onPointerDown: (event: PointerEvent) => {
          event.preventDefault();
          setStart(at(event));
          setDrawn(null);
        },
        onPointerMove: (event: PointerEvent) => {
          if (start) setDrawn(spanned(start, at(event)));
        },
        onPointerUp: (event: PointerEvent) => {
          if (!start) return;
          const made = spanned(start, at(event));
          setStart(null);
          setDrawn(null);
          if (made.width > MIN_BOX && made.height > MIN_BOX) props.onBox?.(page.pageNumber, made);
        },
      }
    : {};
  return (
    <figure className="page-viewer">
      {/* Always laid out (hidden while drawing is off), so the page never shifts under a drag. */}
      <figcaption className="hint" style={{ visibility: props.onBox ? 'visible' : 'hidden' }}>
        Draw a box around a value on the page to fill the selected field with it.
      </figcaption>
      <div
        className={`page-frame${props.onBox ? ' drawable' : ''}`}
        ref={frame}
        data-testid="page-frame"
        {...drawing}
      >
        <img
          src={page.imageUrl}
          alt={`Page ${page.pageNumber} of the document`}
          draggable={false}
        />
        {drawn && (
          <div
            className="drawn-box"
            style={{
              left: `${drawn.x * 100}%`,
              top: `${drawn.y * 100}%`,
              width: `${drawn.width * 100}%`,
              height: `${drawn.height * 100}%`,
            }}
          />
        )}
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
