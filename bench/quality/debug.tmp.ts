import { createTextMeasurer } from './text-measurer';
import { generateDocuments } from './synthetic-document.generator';
import { renderDigitalPdf } from './digital-pdf.renderer';
import { readTextLayer } from './text-layer.reader';
import { groupLines, splitSegments } from '@docket/document-intelligence';
async function main() {
  const m = await createTextMeasurer();
  const [set, layout] = process.argv.slice(2);
  const docs = generateDocuments(
    { set: set as 'dev', perLayout: 1, longShare: 0, seed: 202 },
    m,
  ).filter((d) => d.layoutId === layout);
  const digital = await renderDigitalPdf(docs[0].pages, m);
  const pages = await readTextLayer(digital.pdf);
  for (const p of pages)
    for (const l of groupLines(p))
      console.log(
        splitSegments(l)
          .map((s) => s.text)
          .join(' || '),
      );
}
main();
