import { isObject, only } from '../config/config-checks';
import { object, text } from '../config/json-schema';
import type { NodeDefinition } from '../node-definition';

export interface ScheduleTriggerConfig {
  /** Five-field cron expression, evaluated by a Temporal schedule. */
  cron: string;
  input?: Record<string, unknown>;
}

export const TRIGGER_SCHEDULE_NODE: NodeDefinition = {
  type: 'trigger.schedule',
  category: 'Triggers',
  title: 'Schedule',
  description: 'Starts runs on a five-field cron schedule while the flow is active.',
  branches: [],
  configSchema: object({ cron: text('Cron expression', { default: '0 * * * *' }) }, ['cron']),
  configProblems: (c) => [
    ...only(c, ['cron', 'input']),
    ...cron(c.cron),
    ...(c.input !== undefined && !isObject(c.input) ? ['input must be an object'] : []),
  ],
};

/** Five fields, each `*`, a number, a range, a list or a step, as a Temporal schedule reads it. */
function cron(value: unknown): string[] {
  if (typeof value !== 'string') return ['cron must be a five-field cron expression'];
  const fields = value.trim().split(/\s+/);
  const part = /^(\*|\d{1,2}(-\d{1,2})?)(\/\d{1,2})?$/;
  const ok =
    fields.length === 5 && fields.every((field) => field.split(',').every((p) => part.test(p)));
  return ok ? [] : ['cron must be a five-field cron expression, e.g. "0 7 * * 1-5"'];
}
