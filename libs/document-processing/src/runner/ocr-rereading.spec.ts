import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * The runner's modules are ES modules for Node itself; each check calls one of ocr-rereading's
 * functions there with JSON arguments and answers in JSON.
 */
function call<T>(name: string, ...args: unknown[]): T {
  const module = JSON.stringify(join(__dirname, 'ocr-rereading.mjs'));
  const script = [
    `import * as rereading from ${module};`,
    `const args = JSON.parse(process.argv[1]);`,
    `const gray = (value) => value && value.gray ? new Uint8Array(value.gray) : value;`,
    `const result = rereading[${JSON.stringify(name)}](...args.map(gray));`,
    `const plain = result && result.pixels ? { ...result, pixels: [...result.pixels] } : result;`,
    `process.stdout.write(JSON.stringify(plain === undefined ? null : plain));`,
  ].join('\n');
  const result = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', script, JSON.stringify(args)],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  if (result.status !== 0) throw new Error(result.stderr.toString());
  return JSON.parse(result.stdout.toString()) as T;
}

interface Word {
  text: string;
  bbox: { x0: number; y0: number; x1: number; y1: number };
  confidence: number;
}
interface Line {
  bbox: { x0: number; y0: number; x1: number; y1: number };
  words: Word[];
}

const SETTINGS = { belowConfidence: 75, maxLines: 2, scale: 2, margin: 0.35, gain: 3 };

/** A line of words laid left to right from x, each 10 px per character, 20 px high, at row y. */
function line(y: number, ...words: [string, number, number?][]): Line {
  let x = 0;
  const placed = words.map(([text, confidence, gap = 10]) => {
    const word = { text, bbox: { x0: x, y0: y, x1: x + 10 * text.length, y1: y + 20 }, confidence };
    x += 10 * text.length + gap;
    return word;
  });
  return { bbox: { x0: 0, y0: y, x1: x, y1: y + 20 }, words: placed };
}

describe('linesToReread', () => {
  it('takes the lines holding a weak word, the weakest first, at most maxLines', () => {
    const lines = [
      line(0, ['Policy', 96], ['holder', 93]),
      line(30, ['Amount', 90], ['$6,994.08', 60]),
      line(60, ['Date', 40], ['2023-09-23', 88]),
      line(90, ['Claim', 70]),
    ];
    const chosen = call<Line[]>('linesToReread', lines, SETTINGS);
    expect(chosen.map((chosenLine) => chosenLine.bbox.y0)).toEqual([60, 30]);
  });

  it('does not count marks of no letter or digit as weak words', () => {
    const lines = [line(0, ['Total', 95], ['|', 10], ['—', 20])];
    expect(call<Line[]>('linesToReread', lines, SETTINGS)).toEqual([]);
  });
});

describe('readingConfidence', () => {
  it('weights each word by its characters', () => {
    const words = line(0, ['policyholder', 90], ['x', 30]).words;
    expect(call<number>('readingConfidence', words)).toBeCloseTo((12 * 90 + 30) / 13, 6);
  });

  it('is 0 for no words', () => {
    expect(call<number>('readingConfidence', [])).toBe(0);
  });
});

describe('secondReadingWins', () => {
  const first = line(0, ['$6,', 55], ['994.', 60], ['08', 50]).words;

  it('takes a surer reading of the same text', () => {
    const second = line(0, ['$6,994.08', 91]).words;
    expect(call<boolean>('secondReadingWins', first, second, 3)).toBe(true);
  });

  it('keeps the first reading when the second is not surer by the gain', () => {
    const second = line(0, ['$6,994.08', 57]).words;
    expect(call<boolean>('secondReadingWins', first, second, 3)).toBe(false);
  });

  it('keeps the first reading when the second lost most of the text, however sure', () => {
    const second = line(0, ['$6', 99]).words;
    expect(call<boolean>('secondReadingWins', first, second, 3)).toBe(false);
  });

  it('keeps the first reading when the second made up much more text', () => {
    const second = line(0, ['$6,994.08', 95], ['Ee', 95], ['a-aaaa', 95]).words;
    expect(call<boolean>('secondReadingWins', first, second, 3)).toBe(false);
  });
});

describe('looksLikeTable', () => {
  it('takes rows of short figures for a table', () => {
    const rows = [
      line(0, ['2021', 90], ['12', 90], ['$4,250.00', 90]),
      line(30, ['2022', 90], ['7', 90], ['$1,030.50', 90]),
      line(60, ['2023', 90], ['3', 90], ['$980.00', 90]),
    ];
    expect(call<boolean>('looksLikeTable', rows)).toBe(true);
  });

  it('takes lines of words standing in columns far apart for a table', () => {
    const rows = [
      line(0, ['Insured', 90, 200], ['Adjuster', 90, 200], ['Status', 90]),
      line(30, ['Garcia', 90, 200], ['Miller', 90, 200], ['Open', 90]),
    ];
    expect(call<boolean>('looksLikeTable', rows)).toBe(true);
  });

  it('reads prose, figures and all, as prose', () => {
    const rows = [
      line(0, ['The', 90], ['insured', 90], ['reported', 90], ['water', 90], ['damage', 90]),
      line(30, ['on', 90], ['March', 90], ['3', 90], ['at', 90], ['the', 90], ['house.', 90]),
    ];
    expect(call<boolean>('looksLikeTable', rows)).toBe(false);
  });

  it('does not take one line for a table', () => {
    expect(call<boolean>('looksLikeTable', [line(0, ['1', 90], ['2', 90], ['3', 90])])).toBe(false);
  });
});

describe('regionAround', () => {
  it('adds a margin of a share of the line height, within the image', () => {
    const box = { x0: 5, y0: 100, x1: 300, y1: 120 };
    expect(call('regionAround', box, 0.5, 250, 1000)).toEqual({ x0: 0, y0: 90, x1: 250, y1: 130 });
  });
});

describe('enlargedRegion', () => {
  /** A 20x10 image: white, with a black bar over columns 8..11. */
  const width = 20;
  const height = 10;
  const gray = Array.from({ length: width * height }, (_, i) =>
    i % width >= 8 && i % width < 12 ? 0 : 255,
  );

  it('enlarges the region by the scale, keeping dark where it was dark and white where white', () => {
    const region = { x0: 4, y0: 2, x1: 16, y1: 8 };
    const out = call<{ pixels: number[]; width: number; height: number }>(
      'enlargedRegion',
      { gray },
      width,
      height,
      region,
      3,
    );
    expect([out.width, out.height]).toEqual([36, 18]);
    const at = (x: number, y: number) => out.pixels[y * out.width + x]!;
    // Source column 9.5 (the bar's middle) is output column (9.5 - 4) * 3 = 16.5.
    expect(at(16, 9)).toBeLessThan(10);
    expect(at(1, 9)).toBeGreaterThan(245);
    expect(at(34, 9)).toBeGreaterThan(245);
    // Every row alike: the bar is vertical.
    for (let y = 0; y < out.height; y += 1) expect(at(16, y)).toBe(at(16, 0));
  });
});

describe('wordsOnImage', () => {
  it('places words read on an enlarged region back on the image', () => {
    const word = { text: '994.08', bbox: { x0: 20, y0: 10, x1: 140, y1: 50 }, confidence: 88 };
    const region = { x0: 300, y0: 700, x1: 400, y1: 730 };
    expect(call<Word[]>('wordsOnImage', [word], region, 2, 2)).toEqual([
      { text: '994.08', bbox: { x0: 310, y0: 705, x1: 370, y1: 725 }, confidence: 88 },
    ]);
  });
});
