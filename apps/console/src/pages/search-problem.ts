/**
 * The API words a refused search for integrators (it names the `searchText` parameter); a
 * reviewer needs to read what to type instead. Messages that are not about the search are left
 * to the caller.
 */
const ADVICE: ReadonlyArray<[RegExp, (prefix: string) => string]> = [
  [/needs a value|must not be blank/, (p) => `${p} needs something after it, such as ${p}"Claims"`],
  [/must be a UUID/, (p) => `${p} needs an item's full id`],
  [/must be a positive integer/, (p) => `${p} needs an item number, such as ${p}42`],
  [/must be a date/, (p) => `${p} needs a date, such as ${p}03/14/2025`],
  [/is not supported/, (p) => `${p} is not a search word the list knows`],
];

export function searchProblem(message: string): string | undefined {
  const match = /^searchText (\S+:) (.*)$/.exec(message);
  if (!match) return undefined;
  const [, prefix, problem] = match;
  const advice = ADVICE.find(([pattern]) => pattern.test(problem));
  return `This search cannot be used: ${advice ? advice[1](prefix) : problem}.`;
}
