import { readFileSync } from 'node:fs';

import type { TextPage } from '@docket/document-intelligence';

/*
 * FUNSD (Jaume et al., 2019): 199 real scanned forms of many unrelated kinds, each word boxed
 * by people and grouped into entities (question, answer, header, other) with question→answer
 * links. The dataset is not in this repository (its licence is for research use); point the
 * benchmark at a local copy with `--data DIR` (DIR/testing_data and DIR/training_data).
 */

type PixelBox = [number, number, number, number];

export type EntityLabel = 'question' | 'answer' | 'header' | 'other';

export interface FormWord {
  readonly text: string;
  readonly box: PixelBox;
}

export interface FormEntity {
  readonly id: number;
  readonly label: EntityLabel;
  readonly text: string;
  readonly box: PixelBox;
  readonly words: readonly FormWord[];
  readonly linking: ReadonlyArray<readonly [number, number]>;
}

export interface AnnotatedForm {
  readonly name: string;
  readonly width: number;
  readonly height: number;
  readonly entities: readonly FormEntity[];
}

/** PNG width and height from the IHDR chunk (bytes 16..23), without decoding the image. */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.toString('ascii', 12, 16) !== 'IHDR') throw new Error('not a PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

export function readAnnotatedForm(annotationPath: string, imagePath: string): AnnotatedForm {
  const { form } = JSON.parse(readFileSync(annotationPath, 'utf8')) as { form: FormEntity[] };
  const { width, height } = pngSize(readFileSync(imagePath));
  const name = annotationPath.replace(/^.*\//, '').replace(/\.json$/, '');
  return { name, width, height, entities: form };
}

/** The human-annotated question→answer links, each once, whichever entity lists it. */
export function questionAnswerLinks(form: AnnotatedForm): Set<string> {
  const byId = new Map(form.entities.map((entity) => [entity.id, entity]));
  const links = new Set<string>();
  for (const entity of form.entities) {
    for (const [from, to] of entity.linking) {
      const a = byId.get(from);
      const b = byId.get(to);
      if (a?.label === 'question' && b?.label === 'answer') links.add(`${a.id}>${b.id}`);
      if (b?.label === 'question' && a?.label === 'answer') links.add(`${b.id}>${a.id}`);
    }
  }
  return links;
}

/** The annotation's own words as a text layer: layout analysis measured apart from OCR. */
export function annotatedTextPage(form: AnnotatedForm): TextPage {
  const words = form.entities
    .flatMap((entity) => entity.words)
    .filter((word) => word.text.trim().length > 0)
    .map((word) => ({
      text: word.text.trim(),
      box: {
        x0: word.box[0] / form.width,
        y0: word.box[1] / form.height,
        x1: word.box[2] / form.width,
        y1: word.box[3] / form.height,
      },
      confidence: 1,
    }));
  return {
    pageNumber: 1,
    width: (form.width * 72) / 100,
    height: (form.height * 72) / 100,
    source: 'ocr',
    words,
  };
}
