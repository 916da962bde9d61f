// The tesseract.js worker thread the page runner starts (createWorker's `workerPath`): the stock
// Node.js worker script of tesseract.js 7, except that the engine's WebAssembly comes compiled
// from the runner (ocr-engine.mjs) instead of being compiled by each worker. Every worker of a
// document then runs the same compiled module, and V8 shares its optimised code between them:
// a second worker starts without compiling anything and reads its first page as fast as the
// first worker reads its later ones (measured in docs/benchmarks.md "OCR on every core").
// It loads tesseract.js' own worker modules by path. They are internal to tesseract.js (these are
// 7.0's); should an update move them, every OCR test fails at once on the missing module.
'use strict';

const { getEnvironmentData, parentPort } = require('node:worker_threads');

const worker = require('tesseract.js/src/worker-script');
const cache = require('tesseract.js/src/worker-script/node/cache');
const gunzip = require('tesseract.js/src/worker-script/node/gunzip');
// The LSTM-only build with SIMD, what tesseract.js itself picks on Node.js for OEM.LSTM_ONLY.
const TesseractCore = require('tesseract.js-core/tesseract-core-simd-lstm');

/** The key under which ocr-engine.mjs hands over the compiled WebAssembly.Module. */
const COMPILED_CORE = 'docket-ocr-compiled-core';

parentPort.on('message', (packet) => {
  worker.dispatchHandlers(packet, (message) => parentPort.postMessage(message));
});

worker.setAdapter({
  async getCore() {
    const compiled = getEnvironmentData(COMPILED_CORE);
    if (compiled === undefined) return TesseractCore;
    return (options) =>
      TesseractCore({
        ...options,
        // Emscripten's hook: instantiate the given module instead of fetching and compiling.
        instantiateWasm(imports, receiveInstance) {
          WebAssembly.instantiate(compiled, imports).then((instance) =>
            receiveInstance(instance, compiled),
          );
          return {};
        },
      });
  },
  gunzip,
  // Language data comes from a local folder; nothing is ever fetched.
  fetch: async () => {
    throw new Error('network access is disabled in the OCR worker');
  },
  ...cache,
});
