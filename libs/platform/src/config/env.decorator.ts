import 'reflect-metadata';

export interface EnvBinding {
  property: string;
  variable: string;
  description: string;
  secret: boolean;
}

const ENV_BINDINGS = Symbol('docket:env-bindings');

/** Binds a config property to an environment variable; the property initialiser is the default. */
export function Env(variable: string, description: string, options: { secret?: boolean } = {}) {
  return (target: object, property: string): void => {
    const bindings: EnvBinding[] = [...(Reflect.getMetadata(ENV_BINDINGS, target) ?? [])];
    bindings.push({ property, variable, description, secret: options.secret ?? false });
    Reflect.defineMetadata(ENV_BINDINGS, bindings, target);
  };
}

export function envBindingsOf(target: object): EnvBinding[] {
  return Reflect.getMetadata(ENV_BINDINGS, target) ?? [];
}
