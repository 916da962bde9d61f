import { getMetadataStorage, MetadataStorage } from 'class-validator';

type Lookup = MetadataStorage['getTargetValidationMetadatas'];
type Rules = ReturnType<Lookup>;

const INSTALLED = Symbol.for('docket.validationMetadataLookupCache');
const VERSION = Symbol.for('docket.validationRulesVersion');

type MarkedStorage = MetadataStorage & { [INSTALLED]?: true; [VERSION]?: number };

/**
 * Makes class-validator's rule lookup a map hit. On every validated object, class-validator
 * finds the class's inherited rules by testing the class against every class that has rules
 * (typestack/class-validator#2686): about 100 `instanceof` tests per object here, half of the
 * validation of a `POST /files` body (docs/benchmarks.md). The answer for one class and one set
 * of options cannot change while no rules are registered, and rules are registered when a
 * class is declared, before anything validates it; a registration after a lookup (a class
 * declared late, a mapped type) empties the cache, so the cache never answers differently from
 * class-validator itself.
 *
 * Installed once per process, before the first request, by the service and gateway bootstraps.
 */
export function cacheValidationMetadataLookups(
  storage: MetadataStorage = getMetadataStorage(),
): void {
  const marked = storage as MarkedStorage;
  if (marked[INSTALLED]) return;
  marked[INSTALLED] = true;
  marked[VERSION] = 0;

  let cache = new WeakMap<object, Map<string, Rules>>();
  const lookup: Lookup = storage.getTargetValidationMetadatas.bind(storage);
  const register = storage.addValidationMetadata.bind(storage);
  const registerConstraint = storage.addConstraintMetadata.bind(storage);

  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    let byOptions = cache.get(target);
    if (!byOptions) {
      byOptions = new Map();
      cache.set(target, byOptions);
    }
    const key = `${schema}\u0000${always}\u0000${strictGroups}\u0000${groups?.join('\u0000') ?? ''}`;
    let rules = byOptions.get(key);
    if (!rules) {
      rules = lookup(target, schema, always, strictGroups, groups);
      byOptions.set(key, rules);
    }
    // A copy: a caller that changes the list it was given must not change the next caller's.
    return rules.slice();
  };
  storage.addValidationMetadata = (metadata) => {
    cache = new WeakMap();
    marked[VERSION]! += 1;
    register(metadata);
  };
  storage.addConstraintMetadata = (metadata) => {
    marked[VERSION]! += 1;
    registerConstraint(metadata);
  };
}

/**
 * Changes whenever a rule or a constraint is registered, so that what is derived from a class's
 * rules (leanValidated's plans) is derived again; undefined while the cache is not installed,
 * when registrations are not seen.
 */
export function validationRulesVersion(
  storage: MetadataStorage = getMetadataStorage(),
): number | undefined {
  return (storage as MarkedStorage)[VERSION];
}
