import './cli-logging';
import 'reflect-metadata';

import { parseArgs } from 'node:util';

import { NestFactory } from '@nestjs/core';

import { BootstrapService } from './bootstrap/bootstrap.service';
import { IdentityModule } from './identity.module';
import { SigningKeyService } from './tokens/signing-key.service';

const USAGE = `usage:
  npm run docket -- bootstrap --org NAME --admin-email EMAIL [--if-empty]
  npm run docket -- rotate-signing-key`;

/** The operator CLI: work that has to happen before any API caller exists. */
async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      org: { type: 'string' },
      'admin-email': { type: 'string' },
      'if-empty': { type: 'boolean' },
    },
  });
  if (command !== 'bootstrap' && command !== 'rotate-signing-key') throw new UsageError(USAGE);
  const app = await NestFactory.createApplicationContext(IdentityModule, {
    logger: ['error'],
    abortOnError: false,
  });
  try {
    if (command === 'rotate-signing-key') {
      const kid = await app.get(SigningKeyService).rotate();
      process.stdout.write(`${JSON.stringify({ kid })}\n`);
      return;
    }
    if (!values.org || !values['admin-email']) throw new UsageError(USAGE);
    const bootstrap = app.get(BootstrapService);
    if (values['if-empty'] && (await bootstrap.organizationCount()) > 0) {
      process.stdout.write(`${JSON.stringify({ skipped: 'an organization already exists' })}\n`);
      return;
    }
    const result = await bootstrap.bootstrap(values.org, values['admin-email']);
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await app.close();
  }
}

class UsageError extends Error {}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(error instanceof UsageError ? 2 : 1);
});
