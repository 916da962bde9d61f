import { PDFDocument, type PDFFont, rgb } from 'pdf-lib';

import {
  type FontName,
  type LayoutPage,
  PAGE_HEIGHT,
  PAGE_WIDTH,
} from './synthetic-document.types';
import { STANDARD_FONT, type TextMeasurer } from './text-measurer';
import { type RenderedDocument, type TruthBox, truthKey } from './truth-box.types';

/** Room a form field leaves around its text, in points. */
const FIELD_PADDING = 2;

/**
 * Draws layout pages as a born-digital PDF. Truth boxes span each value from its start to its
 * advance width and from cap height to descender: where the glyphs are, not the em box a text
 * layer may report, so IoU measures localisation rather than agreeing on a convention.
 * `answersInFormFields`: each field's value is typed into a text field of a fillable form
 * (AcroForm) at the place it would be printed, as a form filled in a PDF viewer and saved; the
 * captions and tables stay printed.
 */
export async function renderDigitalPdf(
  pages: readonly LayoutPage[],
  measure: TextMeasurer,
  options: { answersInFormFields?: boolean } = {},
): Promise<RenderedDocument> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const form = doc.getForm();
  const fonts = {} as Record<FontName, PDFFont>;
  for (const name of Object.keys(STANDARD_FONT) as FontName[])
    fonts[name] = await doc.embedFont(STANDARD_FONT[name]);
  const truthBoxes = new Map<string, TruthBox>();

  pages.forEach((layout, index) => {
    const page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    for (const r of layout.rules) {
      if (r.fill !== undefined) {
        page.drawRectangle({
          x: r.x0,
          y: PAGE_HEIGHT - r.y1,
          width: r.x1 - r.x0,
          height: r.y1 - r.y0,
          color: rgb(r.fill, r.fill, r.fill),
        });
      } else {
        page.drawLine({
          start: { x: r.x0, y: PAGE_HEIGHT - r.y0 },
          end: { x: r.x1, y: PAGE_HEIGHT - r.y1 },
          thickness: r.width ?? 0.6,
        });
      }
    }
    layout.runs.forEach((run, n) => {
      const width = measure.width(run.text, run.font, run.size);
      if (options.answersInFormFields && run.truth && 'field' in run.truth) {
        const ascent = measure.ascent(run.font, run.size);
        const descent = measure.descent(run.font, run.size);
        const field = form.createTextField(`answer-${index + 1}-${n}`);
        field.setText(run.text);
        field.addToPage(page, {
          x: run.x - FIELD_PADDING,
          y: PAGE_HEIGHT - run.baseline - descent - FIELD_PADDING,
          width: width + 2 * FIELD_PADDING,
          height: ascent + descent + 2 * FIELD_PADDING,
          font: fonts[run.font],
          borderWidth: 0,
        });
        field.setFontSize(run.size);
      } else {
        page.drawText(run.text, {
          x: run.x,
          y: PAGE_HEIGHT - run.baseline,
          size: run.size,
          font: fonts[run.font],
        });
      }
      if (!run.truth) return;
      truthBoxes.set(truthKey(run.truth), {
        page: index + 1,
        box: {
          x0: run.x / PAGE_WIDTH,
          y0: (run.baseline - measure.ascent(run.font, run.size)) / PAGE_HEIGHT,
          x1: (run.x + width) / PAGE_WIDTH,
          y1: (run.baseline + measure.descent(run.font, run.size)) / PAGE_HEIGHT,
        },
      });
    });
  });
  return { pdf: await doc.save(), truthBoxes };
}
