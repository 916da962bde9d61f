import {
  type LayoutCellRecord,
  type LayoutTextRecord,
  pageBoxFromCorners,
  type PageLayoutRecord,
} from '@docket/contracts';
import type { LayoutCell, LayoutText, PageLayout } from '@docket/document-intelligence';

import { round } from './ai-result.mapper';

/* The engine's page layout in the wire shape: the same {x, y, width, height} boxes as grounding. */

function textRecord(text: LayoutText): LayoutTextRecord {
  return { text: text.text, box: pageBoxFromCorners(text.box) };
}

function cellRecord(cell: LayoutCell): LayoutCellRecord {
  return {
    ...textRecord(cell),
    rowIndex: cell.rowIndex,
    columnIndex: cell.columnIndex,
    rowSpan: cell.rowSpan,
    columnSpan: cell.columnSpan,
    isHeader: cell.isHeader,
  };
}

export function pageLayoutRecord(layout: PageLayout, documentId: string | null): PageLayoutRecord {
  return {
    pageNumber: layout.pageNumber,
    documentId,
    width: layout.width,
    height: layout.height,
    keyValuePairs: layout.keyValuePairs.map((pair) => ({
      key: textRecord(pair.key),
      value: pair.value ? textRecord(pair.value) : null,
      arrangement: pair.arrangement,
      confidence: round(pair.confidence),
    })),
    tables: layout.tables.map((table) => ({
      box: pageBoxFromCorners(table.box),
      rows: table.rows,
      columns: table.columns,
      cells: table.cells.map(cellRecord),
    })),
    readingOrder: layout.readingOrder.map(textRecord),
  };
}
