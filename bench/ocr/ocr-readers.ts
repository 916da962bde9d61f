import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';

import { createWorker, OEM, type Worker } from 'tesseract.js';

import type { RunnerOcrWord } from '../../libs/document-processing/src/runner/runner-protocol';

const run = promisify(execFile);

/** One OCR configuration under comparison: reads a page image into words with pixel boxes. */
export interface OcrReader {
  readonly name: string;
  read(png: Buffer): Promise<RunnerOcrWord[]>;
  close(): Promise<void>;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS data package without types
const ENG_DATA = require('@tesseract.js-data/eng') as { langPath: string };
const BEST_INT_DIR = `${ENG_DATA.langPath}_best_int`;

/** tesseract.js (WebAssembly), the LSTM "best_int" model, with a page segmentation mode. */
export function tesseractJsReader(psm: number): OcrReader {
  let worker: Promise<Worker> | undefined;
  const start = async () => {
    const created = await createWorker('eng', OEM.LSTM_ONLY, {
      langPath: BEST_INT_DIR,
      gzip: true,
      cacheMethod: 'none',
    });
    await created.setParameters({ tessedit_pageseg_mode: String(psm) as never });
    return created;
  };
  return {
    name: `tesseract.js best_int psm ${psm}`,
    async read(png) {
      worker ??= start();
      const { data } = await (await worker).recognize(png, {}, { blocks: true, text: false });
      return (data.blocks ?? [])
        .flatMap((block) =>
          block.paragraphs.flatMap((paragraph) => paragraph.lines.flatMap((line) => line.words)),
        )
        .map((word) => ({ text: word.text, bbox: word.bbox, confidence: word.confidence }));
    },
    async close() {
      if (worker) await (await worker).terminate();
    },
  };
}

/**
 * Native Tesseract 5 (Debian's `tesseract-ocr`), one process per page, one thread (as each of
 * several concurrent page runners would get), with Debian's model or the same best_int model.
 */
export function nativeTesseractReader(psm: number, model: 'debian' | 'best_int'): OcrReader {
  const work = mkdtempSync(path.join(tmpdir(), 'docket-ocr-bench-'));
  const tessdata = model === 'debian' ? undefined : bestIntTessdata(work);
  return {
    name: `native tesseract ${model} psm ${psm}`,
    async read(png) {
      const image = path.join(work, 'page.png');
      writeFileSync(image, png);
      const args = [image, 'stdout', '--oem', '1', '--psm', String(psm), '-l', 'eng'];
      if (tessdata) args.push('--tessdata-dir', tessdata);
      // `-c tessedit_create_tsv=1` rather than the `tsv` config file, which a --tessdata-dir
      // without Debian's configs/ folder would not find.
      const { stdout } = await run('tesseract', [...args, '-c', 'tessedit_create_tsv=1'], {
        env: { ...process.env, OMP_THREAD_LIMIT: '1' },
        maxBuffer: 64 * 1024 * 1024,
      });
      return wordsFromTsv(stdout);
    },
    async close() {},
  };
}

function bestIntTessdata(work: string): string {
  const dir = path.join(work, 'tessdata');
  mkdirSync(dir);
  writeFileSync(
    path.join(dir, 'eng.traineddata'),
    gunzipSync(readFileSync(path.join(BEST_INT_DIR, 'eng.traineddata.gz'))),
  );
  return dir;
}

/** Tesseract's TSV: level 5 rows are words (left, top, width, height, conf, text). */
function wordsFromTsv(tsv: string): RunnerOcrWord[] {
  return tsv
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t'))
    .filter((cols) => cols[0] === '5' && (cols[11] ?? '').trim() !== '')
    .map((cols) => {
      const [left, top, width, height, conf] = cols.slice(6, 11).map(Number);
      return {
        text: cols[11]!,
        bbox: { x0: left!, y0: top!, x1: left! + width!, y1: top! + height! },
        confidence: conf!,
      };
    });
}

/**
 * Debian's Tesseract for the comparison, installed here if missing (as root, with apt-get), so
 * the benchmark runs the same on a fresh machine. Production does not need it (see the docs).
 */
export async function ensureNativeTesseract(
  log: (line: string) => void,
): Promise<string | undefined> {
  const present = await nativeTesseractVersion();
  if (present || process.getuid?.() !== 0) return present;
  log('installing Debian tesseract-ocr and tesseract-ocr-eng for the comparison (apt-get)...');
  const packages = ['install', '-y', '-qq', 'tesseract-ocr', 'tesseract-ocr-eng'];
  await run('apt-get', packages).catch(async () => {
    await run('apt-get', ['update', '-qq']);
    await run('apt-get', packages);
  });
  return nativeTesseractVersion();
}

async function nativeTesseractVersion(): Promise<string | undefined> {
  try {
    const { stdout } = await run('tesseract', ['--version']);
    return stdout.split('\n')[0];
  } catch {
    return undefined;
  }
}
