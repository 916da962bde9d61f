import 'reflect-metadata';

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { BaseConfig, EnvBinding, envBindingsOf } from '@docket/platform';

import { ServiceName, SERVICES } from '../../libs/testing/src/stack-profiles';

/**
 * What each deployed service reads from its environment, taken at run time from its validated
 * config classes: `apps/<service>/src/<service>.config.ts` and any other `@Env` declaration
 * under apps/<service>/src. The configuration reference in docs/operations.md and the compose
 * and Helm checks all read it from here, so adding an `@Env` property is the only step that
 * changes any of them. (A config class defined in a library is not attributed to a service;
 * declare service settings in the service.)
 */
export { SERVICES as DEPLOYED_SERVICES, ServiceName };

export interface Setting extends EnvBinding {
  /** The property initialiser: what the service uses when the variable is unset. */
  defaultValue: unknown;
  /** True when a deployment must set it (see `mustBeSetPerDeployment`). */
  perDeployment: boolean;
}

export interface ServiceSettings {
  service: ServiceName;
  /** Every config class the service loads (its main one, and any a module loads on its own). */
  configClasses: { name: string; file: string }[];
  settings: Setting[];
}

const REPO_ROOT = path.resolve(__dirname, '../..');

/** A default that only works on a developer's machine (loopback, the Azurite account, .local). */
const DEVELOPER_MACHINE_DEFAULT = /\b127\.0\.0\.1\b|\blocalhost\b|\.local\b|devstoreaccount1/;

/** Variables every Docket process shares (BaseConfig): a deployment states each explicitly. */
const PLATFORM_VARIABLES = new Set(envBindingsOf(new BaseConfig()).map((b) => b.variable));

/**
 * The rule for "the app needs it": a deployment (compose, the chart) must set a variable when it
 * is secret, when it is one of the platform settings every process shares, or when its default
 * points at a developer machine. Everything else has a default that is right in production and
 * stays an optional override.
 */
export function mustBeSetPerDeployment(binding: EnvBinding, defaultValue: unknown): boolean {
  if (binding.secret || PLATFORM_VARIABLES.has(binding.variable)) return true;
  return typeof defaultValue === 'string' && DEVELOPER_MACHINE_DEFAULT.test(defaultValue);
}

/**
 * The files of a service that declare settings: every non-test source under apps/<service>/src
 * with an `@Env(` binding. Found by content, not by name, so a module with its own config class
 * (the gateway's internal-events route) is never missed.
 */
export function configFilesOf(service: ServiceName): string[] {
  const source = path.join('apps', service, 'src');
  const files = readdirSync(path.join(REPO_ROOT, source), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !/\.(spec|int-spec|e2e-spec)\.ts$/.test(file))
    .map((file) => path.join(source, file))
    .filter((file) => readFileSync(path.join(REPO_ROOT, file), 'utf8').includes('@Env('));
  return files.sort();
}

/** Loads a service's config classes; a service without one is an error, not an empty list. */
export async function loadServiceSettings(service: ServiceName): Promise<ServiceSettings> {
  const configFiles = configFilesOf(service);
  const main = path.join('apps', service, 'src', `${service}.config.ts`);
  if (!configFiles.includes(main)) {
    throw new Error(`${service} has no config class: ${main} is missing or declares no @Env`);
  }
  // The main config first, so its wording and defaults lead where a variable repeats.
  const ordered = [main, ...configFiles.filter((file) => file !== main)];
  const configClasses: ServiceSettings['configClasses'] = [];
  const settings: Setting[] = [];
  for (const file of ordered) {
    const exported: Record<string, unknown> = await import(path.join(REPO_ROOT, file));
    const classes = Object.entries(exported).filter(
      (entry): entry is [string, new () => object] =>
        typeof entry[1] === 'function' && entry[1].prototype instanceof BaseConfig,
    );
    if (classes.length === 0) throw new Error(`${file} declares @Env but exports no config class`);
    for (const [name, type] of classes) {
      configClasses.push({ name, file });
      const instance = new type() as Record<string, unknown>;
      for (const binding of envBindingsOf(instance)) {
        settings.push({
          ...binding,
          defaultValue: instance[binding.property],
          perDeployment: mustBeSetPerDeployment(binding, instance[binding.property]),
        });
      }
    }
  }
  return { service, configClasses, settings: firstByVariable(settings) };
}

export async function loadAllServiceSettings(): Promise<ServiceSettings[]> {
  return Promise.all(SERVICES.map((service) => loadServiceSettings(service)));
}

/**
 * Each class repeats the BaseConfig variables it inherits, and a subclass may re-declare one
 * with its own wording: the first occurrence (the main config class) is the one reported.
 */
function firstByVariable(settings: Setting[]): Setting[] {
  const byVariable = new Map<string, Setting>();
  for (const setting of settings) {
    if (!byVariable.has(setting.variable)) byVariable.set(setting.variable, setting);
  }
  return [...byVariable.values()];
}
