import {
  type KeyboardEvent,
  type PointerEvent,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

import { api, errorMessage, type Schemas } from '../api/client';

type FilePage = Schemas['FilePageRecord'];
export type PageBox = Schemas['PageBoxRecord'];
export type Grounding = { documentId: string; page: number; box: PageBox };

/** A drag smaller than this (a fraction of the page) is a click, not a box. */
const MIN_BOX = 0.005;

/** Zoom steps: the page's width as a multiple of the viewer's width. */
export const ZOOMS = [1, 1.5, 2, 3, 4] as const;

function clamp(value: number): number {
  return Math.min(1, Math.max(0, value));
}

/**
 * The page a field was read from, with the field's grounding box drawn on it. Boxes are page
 * fractions ({x, y, width, height}), so the overlay is placed in percentages of the image and
 * stays on its words at every zoom: zooming only widens the frame inside a scrolling window.
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
  const [zoom, setZoom] = useState(0);
  const viewport = useRef<HTMLDivElement>(null);
  const [pan, setPan] = useState<{ x: number; y: number; left: number; top: number } | null>(null);
  /** The page fraction kept in the middle of the window while the zoom changes. */
  const centre = useRef<{ x: number; y: number } | null>(null);

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

  // After a zoom step, scroll so the point that was in the middle of the window stays there.
  useLayoutEffect(() => {
    const view = viewport.current;
    const kept = centre.current;
    if (!view || !kept) return;
    centre.current = null;
    view.scrollLeft = kept.x * view.scrollWidth - view.clientWidth / 2;
    view.scrollTop = kept.y * view.scrollHeight - view.clientHeight / 2;
  }, [zoom]);

  // Zoomed in, a newly selected field's box is centred in the window (its neighbours in view).
  const boxRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const view = viewport.current;
    const box = boxRef.current;
    if (zoom === 0 || !view || !box) return;
    view.scrollLeft = box.offsetLeft + box.offsetWidth / 2 - view.clientWidth / 2;
    view.scrollTop = box.offsetTop + box.offsetHeight / 2 - view.clientHeight / 2;
  }, [props.grounding, shown, zoom]);

  const zoomTo = (step: number) => {
    const next = Math.min(ZOOMS.length - 1, Math.max(0, step));
    const view = viewport.current;
    if (next === zoom || !view) return;
    centre.current = {
      x: (view.scrollLeft + view.clientWidth / 2) / view.scrollWidth,
      y: (view.scrollTop + view.clientHeight / 2) / view.scrollHeight,
    };
    setZoom(next);
  };

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
    : {
        // Without drawing, a drag pans the zoomed page.
        onPointerDown: (event: PointerEvent) => {
          const view = viewport.current!;
          setPan({
            x: event.clientX,
            y: event.clientY,
            left: view.scrollLeft,
            top: view.scrollTop,
          });
        },
        onPointerMove: (event: PointerEvent) => {
          if (!pan) return;
          viewport.current!.scrollLeft = pan.left - (event.clientX - pan.x);
          viewport.current!.scrollTop = pan.top - (event.clientY - pan.y);
        },
        onPointerUp: () => setPan(null),
        onPointerLeave: () => setPan(null),
      };
  // +, - and 0 zoom while the page (or a zoom button) has focus.
  const onKey = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === '+' || event.key === '=') zoomTo(zoom + 1);
    else if (event.key === '-') zoomTo(zoom - 1);
    else if (event.key === '0') zoomTo(0);
    else return;
    event.preventDefault();
  };
  return (
    <figure className="page-viewer" onKeyDown={onKey}>
      {/* Always laid out (hidden while drawing is off), so the page never shifts under a drag. */}
      <figcaption className="hint" style={{ visibility: props.onBox ? 'visible' : 'hidden' }}>
        Draw a box around a value on the page to fill the selected field with it.
      </figcaption>
      <div className="zoom" role="group" aria-label="Zoom">
        <button type="button" disabled={zoom === 0} onClick={() => zoomTo(zoom - 1)}>
          Zoom out
        </button>
        <output aria-label="Zoom level">{ZOOMS[zoom] * 100}%</output>
        <button type="button" disabled={zoom === ZOOMS.length - 1} onClick={() => zoomTo(zoom + 1)}>
          Zoom in
        </button>
      </div>
      <div
        className="page-window"
        ref={viewport}
        tabIndex={0}
        aria-label="Page (+ and - zoom, scroll or drag to pan)"
        data-testid="page-window"
      >
        <div
          className={`page-frame${props.onBox ? ' drawable' : ' pannable'}`}
          ref={frame}
          data-testid="page-frame"
          style={{ width: `${ZOOMS[zoom] * 100}%` }}
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
              ref={boxRef}
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
      </div>
      {pages.length > 1 && (
        <nav className="thumbnails" aria-label="Pages">
          {pages.map((thumb) => (
            <button
              type="button"
              key={thumb.pageNumber}
              aria-label={`Show page ${thumb.pageNumber}`}
              aria-current={thumb.pageNumber === page.pageNumber ? 'page' : undefined}
              onClick={() => setShown(thumb.pageNumber)}
            >
              <img src={thumb.imageUrl} alt="" draggable={false} />
              <span>{thumb.pageNumber}</span>
            </button>
          ))}
        </nav>
      )}
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
