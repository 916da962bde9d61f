import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

import { AZURITE_DEVELOPMENT_CONNECTION_STRING } from '@docket/storage';
import { parseAllDocuments } from 'yaml';

import { PROFILES } from '../../libs/testing/src/stack-profiles';
import { KUBERNETES_VERSION } from '../tools/kubernetes-schemas';
import { K8sObject } from './kube-play';

/** The chart as `npm run chart:play` renders it, and the Secrets it fills for this machine. */

const ROOT = path.resolve(__dirname, '../..');
export const PLAY_VALUES = path.join(ROOT, 'helm/docket/ci/podman-play-values.yaml');
/** The release, and so the prefix of every object and pod name: docket-play-<service>. */
export const PLAY_RELEASE = 'docket-play';

/**
 * The chart rendered for `npm run chart:play`, with the helm of deploy/tools/ensure-tools.sh:
 * the play values and the tag of the images `npm run images` built. The Helm hooks (the
 * migrations Job) are rendered with the rest, as `helm template` does.
 */
export function renderPlayChart(tag: string): string {
  return execFileSync(
    path.join(ROOT, '.tools/bin/helm'),
    [
      'template',
      PLAY_RELEASE,
      path.join(ROOT, 'helm/docket'),
      '--namespace',
      PLAY_RELEASE,
      // helm's offline default (1.20) is older than the chart's kubeVersion allows.
      '--kube-version',
      KUBERNETES_VERSION,
      '--values',
      PLAY_VALUES,
      '--set',
      `image.tag=${tag}`,
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
}

export function parseManifests(text: string): K8sObject[] {
  return parseAllDocuments(text)
    .map((document) => document.toJS() as K8sObject | null)
    .filter((object): object is K8sObject => object !== null);
}

/**
 * The value of each variable the chart fills from a Secret, on this machine: the play profile's
 * database, the local Redis and Azurite, and a master key and events secret made for this play
 * (its database is recreated with them).
 */
export function playSecretValues(): Record<string, string> {
  return {
    DATABASE_URL: PROFILES.play.env.DATABASE_URL,
    REDIS_URL: `redis://127.0.0.1:${process.env.DOCKET_REDIS_PORT ?? 6379}`,
    AZURE_STORAGE_CONNECTION_STRING: AZURITE_DEVELOPMENT_CONNECTION_STRING,
    DOCKET_MASTER_KEY: randomBytes(32).toString('base64'),
    DOCKET_INTERNAL_EVENTS_SECRET: randomBytes(32).toString('hex'),
  };
}
