import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

import { type TextImage, textImage } from '../testing/image-fixtures';

type Box = { x0: number; y0: number; x1: number; y1: number };
type Word = { text: string; bbox: Box; confidence: number };
type Region = {
  box: Box;
  kind: 'unread' | 'doubtful' | 'under-sliver';
  replaces: number[];
  ink: number;
};

/**
 * Calls one export of second-pass.mjs in Node itself, as the runner runs it, with JSON
 * arguments; `gray` in the arguments stands for the image's pixels.
 */
function inNode<T>(name: string, args: readonly unknown[], image?: TextImage): T {
  const script = [
    `import * as pass from ${JSON.stringify(join(__dirname, 'second-pass.mjs'))};`,
    `const chunks = [];`,
    `for await (const chunk of process.stdin) chunks.push(chunk);`,
    `const gray = new Uint8Array(Buffer.concat(chunks));`,
    `const args = ${JSON.stringify(args)}.map((arg) => (arg === 'gray' ? gray : arg));`,
    `const result = pass[${JSON.stringify(name)}](...args);`,
    // A Buffer comes out as { type: 'Buffer', data: [...] }.
    `process.stdout.write(JSON.stringify(result));`,
  ].join('\n');
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    input: Buffer.from(image?.gray ?? new Uint8Array(0)),
    maxBuffer: 64 * 1024 * 1024,
  });
  if (child.status !== 0) throw new Error(child.stderr.toString());
  return JSON.parse(child.stdout.toString()) as T;
}

/** The words drawn on an image as tesseract would report them, read with `confidence`. */
function readWords(image: TextImage, confidence = 95, which = (_: string) => true): Word[] {
  return image.words
    .filter((word) => which(word.text))
    .map((word) => ({
      text: word.text,
      confidence,
      bbox: {
        x0: Math.floor(word.x0),
        y0: Math.floor(word.baseline - word.size * 0.75),
        x1: Math.ceil(word.x1),
        y1: Math.ceil(word.baseline + word.size * 0.2),
      },
    }));
}

const word = (text: string, confidence: number, x0: number, y0 = 100, width = 60): Word => ({
  text,
  confidence,
  bbox: { x0, y0, x1: x0 + width, y1: y0 + 20 },
});

describe('second pass: regions to read again', () => {
  const width = 1600;
  const lines = [
    { text: 'Name of insured person here', x: 60, y: 80, size: 24 },
    { text: 'Policy number reference', x: 60, y: 160, size: 24 },
    { text: 'A4821 X9', x: 900, y: 160, size: 24 },
  ];

  it('finds a line of ink that no word covers, and only that', async () => {
    const image = await textImage(width, 240, lines);
    const words = readWords(image, 95, (text) => text !== 'A4821' && text !== 'X9');

    const regions = inNode<Region[]>('unreadRegions', ['gray', width, 240, words, 20], image);

    expect(regions).toHaveLength(1);
    const [region] = regions;
    expect(region!.kind).toBe('unread');
    expect(region!.box.x0).toBeGreaterThanOrEqual(895);
    expect(region!.box.x0).toBeLessThanOrEqual(905);
    expect(region!.box.y0).toBeGreaterThan(130);
    expect(region!.box.y1).toBeLessThan(170);
    const answer = image.words.find((drawn) => drawn.text === 'X9')!;
    expect(region!.box.x1).toBeGreaterThanOrEqual(Math.floor(answer.x1) - 3);
  });

  it('finds nothing on a page whose every word was read', async () => {
    const image = await textImage(width, 240, lines);

    const regions = inNode<Region[]>(
      'secondPassRegions',
      ['gray', width, 240, readWords(image)],
      image,
    );

    expect(regions).toEqual([]);
  });

  it('takes neither a rule nor specks for unread text', async () => {
    const blank = await textImage(width, 240, []);
    const gray = new Uint8Array(blank.gray);
    for (let x = 100; x < 1400; x += 1) gray[150 * width + x] = 0;
    for (let x = 100; x < 1400; x += 1) gray[151 * width + x] = 0;
    for (const [x, y] of [
      [300, 60],
      [700, 90],
      [1200, 200],
    ])
      gray[y! * width + x!] = 0;

    const regions = inNode<Region[]>('unreadRegions', ['gray', width, 240, [], 20], {
      ...blank,
      gray,
    });

    expect(regions).toEqual([]);
  });

  it('groups doubtful words of one line into one run, and no further', () => {
    const words = [
      word('Policy', 96, 0),
      word('4B2l', 30, 100),
      word('3S', 40, 170),
      word('Sure', 90, 240),
      word('rn', 20, 320),
      word('next', 25, 100, 200),
    ];

    const regions = inNode<Region[]>('doubtfulRegions', [words]);

    expect(regions.map((region) => region.replaces)).toEqual([[1, 2], [4], [5]]);
    expect(regions[0]!.box).toEqual({ x0: 100, y0: 100, x1: 230, y1: 120 });
  });

  it('leaves alone a row of junk the noise filter drops as texture', () => {
    const junk = ['SES', 'ee', 'RE', 'SR', 'IN'].map((text, at) => word(text, 12 + at, at * 70));

    expect(inNode<Region[]>('doubtfulRegions', [junk])).toEqual([]);
  });

  it('cuts a region out on white paper, enlarged, and maps words back onto the page', async () => {
    const image = await textImage(200, 100, [{ text: 'AB', x: 20, y: 60, size: 40 }]);
    const box = { x0: 18, y0: 25, x1: 70, y1: 65 };

    const crop = inNode<{
      pgm: { data: number[] };
      origin: { x: number; y: number };
      scale: number;
    }>('cropRegion', ['gray', 200, box, 10, 2], image);
    const back = inNode<Word[]>('onPage', [[word('AB', 90, 20, 20, 80)], crop]);

    const header = Buffer.from(crop.pgm.data.slice(0, 15)).toString('ascii');
    expect(header).toBe('P5\n146 122\n255\n');
    const pixels = crop.pgm.data.slice(15);
    expect(pixels.slice(0, 146 * 20).every((value) => value === 255)).toBe(true);
    expect(Math.min(...pixels)).toBeLessThan(100);
    expect(crop.origin).toEqual({ x: 8, y: 15 });
    expect(back[0]!.bbox).toEqual({ x0: 18, y0: 25, x1: 58, y1: 35 });
  });
});

describe('second pass: a column of figures read as one tall word', () => {
  const width = 1000;
  const rows = [60, 100, 140, 180];
  const lines = rows.flatMap((y, at) => [
    {
      text: ['Wheel alignment', 'Frame labor', 'Fender panel', 'Hood panel'][at]!,
      x: 60,
      y,
      size: 24,
    },
    { text: ['2', '8', '6', '4'][at]!, x: 800, y, size: 24 },
  ]);
  /** Tesseract's reading: the descriptions, and the figures as one junk word four rows tall. */
  const firstReading = (image: TextImage): Word[] => [
    ...readWords(image, 95, (text) => !/^\d$/.test(text)),
    { text: 'NN', confidence: 37, bbox: { x0: 798, y0: 40, x1: 814, y1: 190 } },
  ];

  it('reads the figures under it again as unread ink', async () => {
    const image = await textImage(width, 220, lines);

    const regions = inNode<Region[]>(
      'secondPassRegions',
      ['gray', width, 220, firstReading(image)],
      image,
    );

    const under = regions.filter((region) => region.kind === 'under-sliver');
    expect(under).toHaveLength(4);
    expect(under.every((region) => region.box.x0 >= 795 && region.box.x1 <= 820)).toBe(true);
    // Read as they were before: no other unread ink is found on the page.
    expect(regions.filter((region) => region.kind === 'unread')).toEqual([]);
  });

  it('takes no tall word wider than half its height for one: handwriting written large', async () => {
    const image = await textImage(width, 220, lines);
    const written = {
      text: 'Sparrow',
      confidence: 56,
      bbox: { x0: 780, y0: 40, x1: 900, y1: 190 },
    };

    const regions = inNode<Region[]>(
      'underSlivers',
      ['gray', width, 220, [...readWords(image, 95, (text) => !/^\d$/.test(text)), written], 23],
      image,
    );

    expect(regions).toEqual([]);
  });

  it('is dropped for the figures read under it, and kept when none were', async () => {
    const image = await textImage(width, 220, lines);
    const words = firstReading(image);
    const region = (y: number): Region => ({
      box: { x0: 800, y0: y - 18, x1: 814, y1: y + 5 },
      kind: 'under-sliver',
      replaces: [],
      ink: 100,
    });
    const readings = rows.map((y, at) => ({
      region: region(y),
      words: [word(['2', '8', '6', '4'][at]!, 90, 800, y - 18, 14)],
    }));

    const merged = inNode<Word[]>('mergeSecondPass', [words, readings, 23]);
    const unmerged = inNode<Word[]>('mergeSecondPass', [words, [], 23]);

    expect(merged.map((each) => each.text)).not.toContain('NN');
    expect(merged.filter((each) => /^\d$/.test(each.text))).toHaveLength(4);
    expect(unmerged.map((each) => each.text)).toContain('NN');
  });

  it('takes only figures from under it: text printed down the margin stays as read', async () => {
    const image = await textImage(width, 220, lines);
    const readings = rows.map((y) => ({
      region: {
        box: { x0: 800, y0: y - 18, x1: 814, y1: y + 5 },
        kind: 'under-sliver' as const,
        replaces: [],
        ink: 100,
      },
      words: [word('Lo', 90, 800, y - 18, 14)],
    }));

    const merged = inNode<Word[]>('mergeSecondPass', [firstReading(image), readings, 23]);

    expect(merged.map((each) => each.text)).toContain('NN');
    expect(merged.map((each) => each.text)).not.toContain('Lo');
  });
});

describe('second pass: merging', () => {
  const unread = (box: Box): Region => ({ box, kind: 'unread', replaces: [], ink: 100 });
  const first = [word('Policy', 95, 0), word('number', 93, 70)];

  it('adds the words of an unread line when each reaches the floor', () => {
    const read = [word('A4821', 88, 400), word('X9', 75, 470)];

    const merged = inNode<Word[]>('mergeSecondPass', [
      first,
      [{ region: unread({ x0: 400, y0: 100, x1: 530, y1: 120 }), words: read }],
    ]);

    expect(merged.map((each) => each.text)).toEqual(['Policy', 'number', 'A4821', 'X9']);
    // Read again, a word is as doubtful as the words it stands for, however sure tesseract was.
    expect(merged.slice(2).map((each) => each.confidence)).toEqual([60, 60]);
  });

  it('adds nothing from a line read partly below the floor, or read as marks only', () => {
    const region = unread({ x0: 400, y0: 100, x1: 530, y1: 120 });

    const merged = inNode<Word[]>('mergeSecondPass', [
      first,
      [
        { region, words: [word('A4821', 88, 400), word('~i', 40, 470)] },
        { region, words: [word('———', 95, 400)] },
        { region, words: [] },
      ],
    ]);

    expect(merged).toEqual(first);
  });

  it('replaces a doubtful run only when the second reading is clearly more confident', () => {
    const words = [word('Policy', 95, 0), word('4B2l', 30, 100), word('3S', 40, 170)];
    const run: Region = {
      box: { x0: 100, y0: 100, x1: 230, y1: 120 },
      kind: 'doubtful',
      replaces: [1, 2],
      ink: 130,
    };

    const sure = inNode<Word[]>('mergeSecondPass', [
      words,
      [{ region: run, words: [word('48213', 91, 100, 100, 130)] }],
    ]);
    const unsure = inNode<Word[]>('mergeSecondPass', [
      words,
      [{ region: run, words: [word('48213', 65, 100, 100, 130)] }],
    ]);

    const barely = inNode<Word[]>('mergeSecondPass', [
      [word('Policy', 95, 0), word('Nunber', 65, 100)],
      [{ region: { ...run, replaces: [1] }, words: [word('Number', 75, 100)] }],
    ]);

    expect(sure.map((each) => each.text)).toEqual(['Policy', '48213']);
    expect(unsure).toEqual(words);
    const same = inNode<Word[]>('mergeSecondPass', [
      words,
      [{ region: run, words: [word('4B2l', 95, 100), word('3S', 95, 170)] }],
    ]);

    expect(barely.map((each) => each.text)).toEqual(['Policy', 'Nunber']);
    expect(same).toEqual(words);
  });
});
