import type { TextPage } from '../text-layer/text-layer.types';
import { tokenSimilarity } from '../text-layer/text-normaliser';
import { labelTokens } from '../text-layer/text-normaliser';
import type { ClassDefinition, ClassScore, RuleEvidence } from './classification.types';
import { type PageToken, pageTokens, TITLE_REGION_BOTTOM } from './classification-features';

export interface KeywordClassifierOptions {
  /**
   * Score of the implicit "none of these" class. A page must collect more rule weight than this
   * before any class becomes likely, so a blank or foreign page is not forced into a class.
   */
  readonly noneScore?: number;
  /** Sharpness of the score-to-probability mapping. */
  readonly scale?: number;
  /** Multiplier for keywords found in the title region of the first page. */
  readonly titleBoost?: number;
}

export interface KeywordClassification {
  readonly scores: ClassScore[];
  readonly evidence: RuleEvidence[];
}

interface CompiledClass {
  readonly label: string;
  readonly keywords: ReadonlyArray<{ term: string; tokens: string[]; weight: number }>;
  readonly patterns: ReadonlyArray<{ term: string; regex: RegExp; weight: number }>;
}

/** OCR confuses a letter or two; below this similarity a token is a different word. */
const FUZZY_TOKEN_MATCH = 0.8;

function compile(definition: ClassDefinition): CompiledClass {
  return {
    label: definition.label,
    keywords: (definition.keywords ?? []).map((keyword) => {
      const term = typeof keyword === 'string' ? keyword : keyword.term;
      const weight = typeof keyword === 'string' ? 1 : (keyword.weight ?? 1);
      return { term, tokens: labelTokens(term), weight };
    }),
    patterns: (definition.patterns ?? []).map((pattern) => {
      const source = typeof pattern === 'string' ? pattern : pattern.pattern;
      const weight = typeof pattern === 'string' ? 1 : (pattern.weight ?? 1);
      return { term: source, regex: new RegExp(source, 'i'), weight };
    }),
  };
}

function findPhrase(
  tokens: readonly PageToken[],
  phrase: readonly string[],
  fuzzy: boolean,
): PageToken | undefined {
  if (phrase.length === 0) return undefined;
  let found: PageToken | undefined;
  for (let i = 0; i + phrase.length <= tokens.length; i += 1) {
    let matched = true;
    for (let j = 0; j < phrase.length && matched; j += 1) {
      const actual = tokens[i + j].token;
      matched =
        actual === phrase[j] || (fuzzy && tokenSimilarity(actual, phrase[j]) >= FUZZY_TOKEN_MATCH);
    }
    if (!matched) continue;
    // Prefer an occurrence in the title region: it is worth more.
    if (tokens[i].box.y1 <= TITLE_REGION_BOTTOM) return tokens[i];
    found ??= tokens[i];
  }
  return found;
}

/**
 * Rules classifier: each class collects the weights of its keywords and patterns found in the
 * pages (each counted once, so repetition is not evidence), doubled in the first page's title
 * region, and the totals become probabilities with a softmax that includes a "none" class.
 */
export class KeywordClassifier {
  private readonly classes: readonly CompiledClass[];
  private readonly noneScore: number;
  private readonly scale: number;
  private readonly titleBoost: number;

  constructor(definitions: readonly ClassDefinition[], options: KeywordClassifierOptions = {}) {
    this.classes = definitions.map(compile);
    this.noneScore = options.noneScore ?? 1;
    this.scale = options.scale ?? 1.5;
    this.titleBoost = options.titleBoost ?? 2;
  }

  classify(pages: readonly TextPage[]): KeywordClassification {
    const evidence: RuleEvidence[] = [];
    const tokensByPage = pages.map((page) => ({ page, tokens: pageTokens(page) }));
    const fullText = pages.map((page) => page.words.map((w) => w.text).join(' ')).join('\n');

    const raw = this.classes.map((cls) => {
      let score = 0;
      for (const keyword of cls.keywords) {
        for (const [pageIndex, { page, tokens }] of tokensByPage.entries()) {
          const hit = findPhrase(tokens, keyword.tokens, page.source === 'ocr');
          if (!hit) continue;
          const inTitle = pageIndex === 0 && hit.box.y1 <= TITLE_REGION_BOTTOM;
          const weight = keyword.weight * (inTitle ? this.titleBoost : 1);
          score += weight;
          evidence.push({
            label: cls.label,
            term: keyword.term,
            pageNumber: hit.pageNumber,
            box: hit.box,
            weight,
          });
          break;
        }
      }
      for (const pattern of cls.patterns) {
        if (!pattern.regex.test(fullText)) continue;
        score += pattern.weight;
        evidence.push({
          label: cls.label,
          term: pattern.term,
          pageNumber: pages[0]?.pageNumber ?? 1,
          weight: pattern.weight,
        });
      }
      return { label: cls.label, score };
    });

    return { scores: scoresToProbabilities(raw, this.noneScore, this.scale), evidence };
  }
}

export function scoresToProbabilities(
  raw: ReadonlyArray<{ label: string; score: number }>,
  noneScore: number,
  scale: number,
): ClassScore[] {
  const max = Math.max(noneScore, ...raw.map((r) => r.score));
  const noneMass = Math.exp(scale * (noneScore - max));
  const masses = raw.map((r) => Math.exp(scale * (r.score - max)));
  const total = noneMass + masses.reduce((a, b) => a + b, 0);
  return raw
    .map((r, i) => ({ label: r.label, confidence: masses[i] / total }))
    .sort((a, b) => b.confidence - a.confidence);
}
