import { definitionWords, isLemma, namesAPerson, namesARole, senseRelation } from './word-senses';

describe('senseRelation (WordNet)', () => {
  it('knows words that share a sense as synonyms, in either order', () => {
    expect(senseRelation('broker', 'agent')).toBe('synonym');
    expect(senseRelation('agent', 'broker')).toBe('synonym');
    expect(senseRelation('bill', 'invoice')).toBe('synonym');
  });

  it('folds inflections to the lemma, as WordNet morphy does', () => {
    expect(senseRelation('brokers', 'agents')).toBe('synonym');
    expect(senseRelation('policies', 'contracts')).toBe('hyponym');
  });

  it('reads a two-word lemma as one word', () => {
    expect(isLemma('insurance company')).toBe(true);
    expect(isLemma('Insurance  Company')).toBe(true);
    expect(senseRelation('insurer', 'insurance company')).toBe('synonym');
    expect(isLemma('policy number')).toBe(false);
  });

  it('tells a direct hypernym from a direct hyponym', () => {
    // A policy is a kind of contract: "contract" is the broader word.
    expect(senseRelation('contract', 'policy')).toBe('hypernym');
    expect(senseRelation('policy', 'contract')).toBe('hyponym');
  });

  it('relates adjectives the dictionary gives as similar', () => {
    expect(senseRelation('wet', 'damp')).toBe('similar');
  });

  it('relates a word to a word whose definition uses it, after every closer relation', () => {
    // "policy": "a written contract or certificate of insurance".
    expect(senseRelation('certificate', 'policy')).toBe('defining');
    expect(senseRelation('certificates', 'policy')).toBe('defining');
    expect(senseRelation('policy', 'certificate')).toBeNull();
    expect(senseRelation('contract', 'policy')).toBe('hypernym');
    expect(definitionWords('policy').has('certificate')).toBe(true);
    expect(definitionWords('xqzv').size).toBe(0);
  });

  it('relates nothing it does not know, and words that share no sense', () => {
    expect(senseRelation('insurer', 'insured')).toBeNull();
    expect(senseRelation('client', 'insured')).toBeNull();
    expect(senseRelation('xqzv', 'agent')).toBeNull();
  });

  it('knows a word held as a noun that names a person, in the form printed only', () => {
    expect(namesAPerson('insured')).toBe(true);
    expect(namesAPerson('Accused')).toBe(true);
    expect(namesAPerson('insurance')).toBe(false);
    expect(namesAPerson('limited')).toBe(false);
    // "insure" is a verb only; no inflection is folded to reach a noun.
    expect(namesAPerson('insure')).toBe(false);
    expect(namesAPerson('insureds')).toBe(false);
  });
});

describe('namesARole (WordNet)', () => {
  it('knows a role by a person sense first, or second and met nearly as often in the tagged corpus', () => {
    expect(namesARole('client')).toBe(true);
    expect(namesARole('executive')).toBe(true);
    // "agent": first a cause (21 tagged), then a representative (6).
    expect(namesAPerson('agent')).toBe(false);
    expect(namesARole('agent')).toBe(true);
    // "type": a person of a kind is its second sense, but met 7 times to 136.
    expect(namesARole('type')).toBe(false);
    expect(namesARole('company')).toBe(false);
    expect(namesARole('name')).toBe(false);
    expect(namesARole('xqzv')).toBe(false);
  });
});
