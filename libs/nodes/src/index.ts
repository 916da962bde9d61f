// What each node type does, said once: flows previews with these recipes, the worker runs them.
export * from './ai-classify/classify.recipe';
export * from './ai-extract/extract.recipe';
export * from './ai-summarize/summarize.recipe';
export * from './hosted/hosted-engine';
export * from './hosted/token-meter';
export * from './text-layer/page-words.reader';
