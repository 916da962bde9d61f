import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

type Box = { x0: number; y0: number; x1: number; y1: number };
type Word = { text: string; bbox: Box; confidence: number };

/** Calls one export of number-rereading.mjs in Node itself, as the runner runs it. */
function inNode<T>(name: string, args: readonly unknown[]): T {
  const script = [
    `import * as numbers from ${JSON.stringify(join(__dirname, 'number-rereading.mjs'))};`,
    `const result = numbers[${JSON.stringify(name)}](...${JSON.stringify(args)});`,
    `process.stdout.write(JSON.stringify(result ?? null));`,
  ].join('\n');
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script]);
  if (child.status !== 0) throw new Error(child.stderr.toString());
  return JSON.parse(child.stdout.toString()) as T;
}

const word = (text: string, confidence: number, x0 = 100): Word => ({
  text,
  confidence,
  bbox: { x0, y0: 100, x1: x0 + 80, y1: 120 },
});

describe('numbers read again: which words', () => {
  it('takes a mostly-digit word holding a letter that looks like a digit, however sure', () => {
    expect(inNode('doubtedNumber', [word('0504s', 86)])).toBe(true);
    expect(inNode('doubtedNumber', [word('B69', 95)])).toBe(true);
  });

  it('takes a doubted figure, and leaves a sure one and junk to the second pass', () => {
    expect(inNode('doubtedNumber', [word('3313)', 60)])).toBe(true);
    expect(inNode('doubtedNumber', [word('33131', 93)])).toBe(false);
    expect(inNode('doubtedNumber', [word('3313)', 31)])).toBe(false);
  });

  it('leaves words with letters no digit looks like, and words of one digit', () => {
    expect(inNode('doubtedNumber', [word('24.75mm', 40)])).toBe(false);
    expect(inNode('doubtedNumber', [word('Route', 30)])).toBe(false);
    expect(inNode('doubtedNumber', [word('7', 30)])).toBe(false);
    expect(inNode('doubtedNumber', [word('LDS0', 40)])).toBe(false);
  });

  it('reads the least confident first, at most the cap', () => {
    const words = [
      word('120', 60),
      word('Total', 40),
      word('4S5', 20),
      word('999', 95),
      word('12', 30),
    ];
    expect(inNode('doubtedNumbers', [words])).toEqual([2, 0]);
    const many = Array.from({ length: 100 }, (_, at) => word(`1${at}0`, 90 - at / 4));
    const taken = inNode<number[]>('doubtedNumbers', [many]);
    expect(taken).toHaveLength(80);
    expect(taken[0]).toBe(99);
  });
});

describe('numbers read again: which readings replace the word', () => {
  it('puts the digit for a look-alike letter, with doubt carried', () => {
    const first = word('0504s', 86);
    expect(inNode('numberReading', [first, [word('05045', 91)]])).toEqual({
      text: '05045',
      bbox: first.bbox,
      confidence: 60,
    });
  });

  it('keeps digits the first reading was sure of', () => {
    expect(inNode('numberReading', [word('B69', 90), [word('369', 95)]])).toBeNull();
    expect(inNode('numberReading', [word('B69', 90), [word('869', 95)]])).not.toBeNull();
  });

  it('turns a comma into a decimal point or a thousands comma only where one belongs', () => {
    expect(inNode('numberReading', [word('3,43', 66), [word('3.43', 95)]])).not.toBeNull();
    expect(inNode('numberReading', [word('1.200', 66), [word('1,200', 95)]])).not.toBeNull();
    expect(inNode('numberReading', [word('233,308.08', 80), [word('233,308,08', 95)]])).toBeNull();
    expect(inNode('numberReading', [word('3.3', 66), [word('3:3', 90)]])).toBeNull();
  });

  it('never changes a digit the first reading had, however doubted', () => {
    expect(inNode('numberReading', [word('2.09', 60), [word('2.99', 90)]])).toBeNull();
    expect(inNode('numberReading', [word('02/04/91', 57), [word('92/04/91', 90)]])).toBeNull();
  });

  it('refuses a reading that is less sure, under the floor, split, or of another length', () => {
    expect(inNode('numberReading', [word('0504s', 86), [word('05045', 80)]])).toBeNull();
    expect(inNode('numberReading', [word('1S0', 40), [word('150', 65)]])).toBeNull();
    expect(
      inNode('numberReading', [word('1S0', 40), [word('1', 90), word('50', 90, 140)]]),
    ).toBeNull();
    expect(inNode('numberReading', [word('1S0', 40), [word('1500', 90)]])).toBeNull();
  });

  it('replaces only the words whose readings are kept', () => {
    const words = [word('Total', 95), word('1S0', 40, 200), word('7O', 50, 300)];
    const merged = inNode<Word[]>('mergeNumberReadings', [
      words,
      [
        { index: 1, words: [word('150', 90)] },
        { index: 2, words: [word('7', 90)] },
      ],
    ]);
    expect(merged.map((w) => w.text)).toEqual(['Total', '150', '7O']);
    expect(merged[1]!.bbox).toEqual(words[1]!.bbox);
  });
});
