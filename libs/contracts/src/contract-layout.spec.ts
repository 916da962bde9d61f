import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import * as contracts from '../src';

/*
 * The contracts library keeps one folder per NATS subject: `<service>/<subject minus the
 * service>/index.ts` holds the subject's request/response classes and its constant. This test
 * walks everything the library exports, so a contract or event defined anywhere else fails here.
 */

interface SubjectExport {
  exportName: string;
  subject: string;
  kind: 'contract' | 'event';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A contract (defineContract) or a JetStream event (defineEvent) among the exports. */
function subjectExportOf(exportName: string, value: unknown): SubjectExport | undefined {
  if (!isRecord(value) || typeof value.subject !== 'string') return undefined;
  if (typeof value.request === 'function') {
    return { exportName, subject: value.subject, kind: 'contract' };
  }
  if (typeof value.payload === 'function') {
    return { exportName, subject: value.subject, kind: 'event' };
  }
  return undefined;
}

const subjectExports = Object.entries(contracts)
  .map(([exportName, value]) => subjectExportOf(exportName, value))
  .filter((found): found is SubjectExport => found !== undefined);

function folderOf(subject: string): string {
  const service = subject.slice(0, subject.indexOf('.'));
  return join(__dirname, service, subject.slice(service.length + 1));
}

describe('contracts layout', () => {
  it('finds the contracts and events of every service', () => {
    const names = subjectExports.map((found) => found.exportName);
    // One known export per service and kind: proves the detection itself works.
    expect(names).toEqual(
      expect.arrayContaining([
        'ExchangeTokenV1',
        'CreateFileV1',
        'FileReadyEventV1',
        'RunFlowV1',
        'ExecutionStatusEventV1',
        'AiClassifyV1',
      ]),
    );
    expect(subjectExports.filter((found) => found.kind === 'contract').length).toBeGreaterThan(40);
  });

  it('gives every subject exactly one export', () => {
    const subjects = subjectExports.map((found) => found.subject);
    expect(new Set(subjects).size).toBe(subjects.length);
  });

  it.each(subjectExports.map((found) => [found.exportName, found.subject, found] as const))(
    '%s (%s) lives in its own subject folder',
    (_name, subject, found) => {
      const index = join(folderOf(subject), 'index.ts');
      expect({ subject, indexExists: existsSync(index) }).toEqual({ subject, indexExists: true });
      expect(readFileSync(index, 'utf8')).toContain(`'${found.subject}'`);
    },
  );

  it.each(subjectExports.map((found) => [found.exportName, found.subject] as const))(
    '%s is defined by the module of %s',
    async (exportName, subject) => {
      const folderModule: Record<string, unknown> = await import(folderOf(subject));
      expect(folderModule[exportName]).toBe(contracts[exportName as keyof typeof contracts]);
    },
  );
});
