import { PDFDocument, StandardFonts } from 'pdf-lib';

/** Text drawn at (x, y) points from the page's top-left corner, as a form generator places it. */
export interface PlacedRun {
  x: number;
  y: number;
  text: string;
  size?: number;
}

const PAGE: [number, number] = [612, 792];

/** A digital PDF with one page per list of placed runs (Helvetica, 10 pt unless told). */
export async function placedPdf(pages: PlacedRun[][]): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const runs of pages) {
    const page = document.addPage(PAGE);
    for (const run of runs) {
      const size = run.size ?? 10;
      page.drawText(run.text, { x: run.x, y: PAGE[1] - run.y - size, size, font });
    }
  }
  return Buffer.from(await document.save({ useObjectStreams: false }));
}
