import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';

import { ProcessingError } from '../errors/processing-error';
import { PageSlots, PROCESS_PAGE_SLOTS } from './page-slots';
import {
  MalformedRunnerMessage,
  parseRunnerMessage,
  RunnerJob,
  RunnerMessage,
  RunnerPageMessage,
} from './runner-protocol';

/*
 * Why a child process:
 *
 * 1. Isolation. Pages come from hostile uploads. pdf.js, the TIFF decoder and tesseract can be
 *    driven into unbounded memory use or endless loops by crafted input, and a native addon
 *    (the canvas) can crash outright. In a child process that costs one job, never the service:
 *    the parent enforces a wall-clock limit and a no-progress limit (SIGKILL), V8's heap is
 *    capped with --max-old-space-size, and a crash or out-of-memory becomes a ProcessingError.
 * 2. Module format. pdfjs-dist ships only ES modules. This library is compiled to CommonJS (swc)
 *    and tested by jest without --experimental-vm-modules, where `import()` is rewritten into
 *    `require()` and fails on ESM. The runner is a plain .mjs file started with
 *    `process.execPath`, so Node loads pdf.js natively whatever compiled or tests the parent.
 *
 * The child is started bare: an empty environment (no service secrets to leak), no code
 * generation from strings, and, where the Node.js permission model is available, read access to
 * the runner's folder and node_modules only (no writes anywhere, no child processes). The canvas
 * addon and tesseract's worker thread need --allow-addons and --allow-worker, which weakens that
 * model against native code, so it is defence in depth, not the boundary; the process is.
 *
 * A child per document costs ~100 ms of start-up, small against rendering a document, and
 * guarantees no state survives from one upload to the next. When OCR is needed the engine costs
 * about 1.3 CPU-s more per document (starting it, and V8 compiling and optimising its
 * WebAssembly during the first page; bench/ocr.ts), once per document however many engines
 * read its pages (ocr-engine.mjs shares the compiled engine between them).
 */

export const PAGE_RUNNER_PATH = join(__dirname, 'page-runner.mjs');

export interface RunnerLimits {
  /** Wall-clock limit for the whole job. */
  readonly timeoutMs: number;
  /** Limit between two signs of progress (the page count, each page). */
  readonly pageTimeoutMs: number;
  /** V8 heap cap of the child (--max-old-space-size). */
  readonly memoryLimitMb: number;
  readonly signal?: AbortSignal;
  /** Where the runner's page slots come from; the process's own (one per core) by default. */
  readonly pageSlots?: PageSlots;
}

const STDERR_TAIL_BYTES = 4096;
/** A runner exits by itself right after reporting `done`; one that lingers is killed. */
const EXIT_GRACE_MS = 2000;
// Packages the runner loads; their node_modules folders are what it may read.
const RUNNER_PACKAGES = [
  'pdfjs-dist',
  'tesseract.js',
  'tesseract.js-core',
  'utif2',
  '@napi-rs/canvas',
];

/**
 * Runs one job in a fresh page runner and calls onPage for each page, in order. Resolves when
 * the runner reports completion; rejects with a ProcessingError otherwise (the runner's own
 * error, TIMEOUT, RESOURCE_EXHAUSTED, CANCELED or PROCESSING_FAILED). The child is always gone
 * when the promise settles (its CPU time is then counted among the process's children), and
 * every page slot it held is given back.
 */
export function runPageJob(
  job: RunnerJob,
  limits: RunnerLimits,
  onPage: (page: RunnerPageMessage) => void,
  runnerPath: string = PAGE_RUNNER_PATH,
): Promise<void> {
  if (limits.signal?.aborted === true) return Promise.reject(canceled());
  const slots = limits.pageSlots ?? PROCESS_PAGE_SLOTS;
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, runnerArguments(runnerPath, limits.memoryLimitMb), {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
      env: {},
    });
    let outcome: { readonly error?: ProcessingError } | undefined;
    let closed = false;
    let stderrTail = '';
    let nextPage = 1;
    let pageTimer: NodeJS.Timeout | undefined;
    let exitTimer: NodeJS.Timeout | undefined;
    let slotsHeld = 0;
    let slotsAsked = 0;
    const slotRequests = new AbortController();

    const kill = (): void => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    };
    const settle = (): void => {
      if (outcome === undefined || !closed) return;
      clearTimeout(exitTimer);
      if (outcome.error === undefined) resolve();
      else reject(outcome.error);
    };
    const finish = (error?: ProcessingError): void => {
      if (outcome !== undefined) return;
      outcome = error === undefined ? {} : { error };
      clearTimeout(jobTimer);
      clearTimeout(pageTimer);
      limits.signal?.removeEventListener('abort', onAbort);
      slotRequests.abort();
      for (; slotsHeld > 0; slotsHeld -= 1) slots.release();
      if (error === undefined) exitTimer = setTimeout(kill, EXIT_GRACE_MS);
      else kill();
      settle();
    };
    const armPageTimer = (): void => {
      clearTimeout(pageTimer);
      pageTimer = setTimeout(() => finish(stalled(limits.pageTimeoutMs)), limits.pageTimeoutMs);
    };
    const jobTimer = setTimeout(() => finish(overran(limits.timeoutMs)), limits.timeoutMs);
    const onAbort = (): void => finish(canceled());
    limits.signal?.addEventListener('abort', onAbort, { once: true });
    armPageTimer();

    const requestSlot = (): void => {
      // The runner prepares one page ahead of those it may read at once (page-runner.mjs).
      if (slotsHeld + slotsAsked > job.pagesInFlight) {
        throw new MalformedRunnerMessage(
          `malformed runner message: more than ${job.pagesInFlight + 1} page slots requested`,
        );
      }
      slotsAsked += 1;
      // A runner that holds no slot and waits for one is held back by other documents, not
      // stalled: the no-progress limit starts again when it gets its slot.
      if (slotsHeld === 0) clearTimeout(pageTimer);
      slots.acquire(slotRequests.signal).then(
        () => {
          slotsAsked -= 1;
          if (outcome !== undefined) return slots.release();
          slotsHeld += 1;
          armPageTimer();
          child.send({ type: 'slot-grant' }, (error) => {
            if (error) finish(failed(`could not grant a page slot: ${error.message}`, error));
          });
        },
        () => {},
      );
    };
    const releaseSlot = (): void => {
      if (slotsHeld === 0) {
        throw new MalformedRunnerMessage(
          'malformed runner message: a page slot released that was not granted',
        );
      }
      slotsHeld -= 1;
      slots.release();
    };

    const handle = (message: RunnerMessage): void => {
      switch (message.type) {
        case 'document':
          armPageTimer();
          return;
        case 'page':
          if (message.pageNumber !== nextPage) {
            throw new MalformedRunnerMessage(
              `malformed runner message: expected page ${nextPage}, got ${message.pageNumber}`,
            );
          }
          nextPage += 1;
          armPageTimer();
          onPage(message);
          return;
        case 'slot-request':
          return requestSlot();
        case 'slot-release':
          return releaseSlot();
        case 'done':
          return finish();
        case 'error':
          return finish(new ProcessingError(message.code, message.message));
      }
    };

    child.stderr?.on('data', (chunk: Buffer) => {
      stderrTail = (stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL_BYTES);
    });
    child.on('error', (error) => {
      // A child that could not be started never closes.
      if (child.pid === undefined) closed = true;
      finish(failed(`page runner failed: ${error.message}`, error));
    });
    // 'close', not 'exit': it comes after the IPC channel has delivered everything, so a runner
    // that reports an error and exits is not mistaken for one that crashed.
    child.on('close', (code, signal) => {
      closed = true;
      finish(exitError(code, signal, stderrTail));
      settle();
    });
    child.on('message', (raw: unknown) => {
      if (outcome !== undefined) return;
      try {
        handle(parseRunnerMessage(raw));
      } catch (error) {
        finish(error instanceof ProcessingError ? error : failed(describe(error), error));
      }
    });
    child.send(job, (error) => {
      if (error)
        finish(failed(`could not hand the job to the page runner: ${error.message}`, error));
    });
  });
}

const canceled = (): ProcessingError =>
  new ProcessingError('CANCELED', 'page processing was canceled');

const stalled = (pageTimeoutMs: number): ProcessingError =>
  new ProcessingError('TIMEOUT', `page processing made no progress for ${pageTimeoutMs} ms`, {
    pageTimeoutMs,
  });

const overran = (timeoutMs: number): ProcessingError =>
  new ProcessingError('TIMEOUT', `page processing took longer than ${timeoutMs} ms`, {
    timeoutMs,
  });

const failed = (message: string, cause?: unknown): ProcessingError =>
  new ProcessingError('PROCESSING_FAILED', message, undefined, { cause });

function exitError(
  code: number | null,
  signal: NodeJS.Signals | null,
  stderr: string,
): ProcessingError {
  // V8 prints this before aborting when the heap cap is hit.
  if (/heap out of memory|Reached heap limit|allocation failed/i.test(stderr)) {
    return new ProcessingError('RESOURCE_EXHAUSTED', 'page processing ran out of memory', {
      stderr,
    });
  }
  return new ProcessingError(
    'PROCESSING_FAILED',
    `page runner exited unexpectedly (${signal === null ? `code ${code}` : `signal ${signal}`})`,
    { stderr },
  );
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function runnerArguments(runnerPath: string, memoryLimitMb: number): string[] {
  const permission = permissionFlag();
  const sandbox =
    permission === undefined
      ? []
      : [
          permission,
          ...[dirname(runnerPath), ...readableModuleFolders(runnerPath)].map(
            (folder) => `--allow-fs-read=${folder}`,
          ),
          '--allow-addons',
          '--allow-worker',
        ];
  return [
    `--max-old-space-size=${memoryLimitMb}`,
    '--disallow-code-generation-from-strings',
    ...sandbox,
    runnerPath,
  ];
}

/** The permission model's flag: `--permission` since Node.js 22, experimental before. */
function permissionFlag(): string | undefined {
  const flags = process.allowedNodeEnvironmentFlags;
  if (flags.has('--permission')) return '--permission';
  if (flags.has('--experimental-permission')) return '--experimental-permission';
  return undefined;
}

/** Per runner script (production has one). */
const moduleFolders = new Map<string, readonly string[]>();

/**
 * Where the runner's packages are: their real folders, and every node_modules folder the module
 * resolution passes on its way up from the runner under the name it has there. A node_modules
 * that is a symbolic link (a shared install, a worktree) is looked at under its own path before
 * it is followed, and the permission model refuses a path it was not given.
 */
function readableModuleFolders(runnerPath: string): readonly string[] {
  const known = moduleFolders.get(runnerPath);
  if (known) return known;
  const folders = [
    ...new Set([
      ...RUNNER_PACKAGES.map((name) => {
        const manifest = require.resolve(`${name}/package.json`);
        const marker = `${sep}node_modules${sep}`;
        return manifest.slice(0, manifest.lastIndexOf(marker) + marker.length - 1);
      }),
      ...searchedModuleFolders(dirname(runnerPath)),
    ]),
  ];
  moduleFolders.set(runnerPath, folders);
  return folders;
}

function searchedModuleFolders(from: string): string[] {
  const folders: string[] = [];
  for (let folder = from; ; folder = dirname(folder)) {
    const candidate = join(folder, 'node_modules');
    if (existsSync(candidate)) folders.push(candidate);
    if (dirname(folder) === folder) return folders;
  }
}
