import { parseBoolean } from './boolean-normaliser';

const valueOf = (text: string) => parseBoolean(text)?.value ?? null;

describe('parseBoolean: tick boxes', () => {
  it('reads the option beside the ticked box, printed boxes', () => {
    expect(valueOf('[X] Yes [ ] No')).toBe(true);
    expect(valueOf('[ ] Yes [X] No')).toBe(false);
    expect(valueOf('Yes ☐ No ☒')).toBe(false);
  });

  it('reads boxes as a scan’s OCR returns them: a closing bracket misread, one bracket lost', () => {
    // "[X] No" with its bracket read as I and glued to the option; the Yes box lost.
    expect(valueOf('Yes [XINo')).toBe(false);
    expect(valueOf('] Yes X] No')).toBe(false);
    // The first box's letters glued to its option: the ticked box's option is the one after it.
    expect(valueOf('(JYes [Xl No')).toBe(false);
    expect(valueOf('[Xl Yes [ ] No')).toBe(true);
  });

  it('keeps words with brackets or capitals that are no boxes out of it', () => {
    expect(valueOf('Item II')).toBeNull();
    expect(parseBoolean('Yes X No')?.quality).toBeLessThan(1);
  });
});
