// What each node type is and does, said once: one folder per type with its configuration,
// schema, rules and recipe. Flows validates and previews with these; the worker runs them.
export * from './action-matching/matching.node';
export * from './action-review/review.node';
export * from './action-write-back/write-back.node';
export * from './ai-classify/class-definitions';
export * from './ai-classify/classify.node';
export * from './ai-classify/classify.recipe';
export * from './ai-extract/extract.node';
export * from './ai-extract/extract.recipe';
export * from './ai-split/split.node';
export * from './ai-summarize/summarize.node';
export * from './ai-summarize/summarize.recipe';
export * from './app-http-request/http-request.node';
export * from './config/json-schema';
export * from './control-for-each/for-each.node';
export * from './control-route/route.config';
export * from './hosted/hosted-engine';
export * from './hosted/hosted-model.config';
export * from './hosted/token-meter';
export * from './node-definition';
export * from './registry';
export * from './text-layer/page-words.reader';
export * from './trigger-file/trigger-file.node';
export * from './trigger-schedule/trigger-schedule.node';
export * from './utility-delay/delay.node';
export * from './utility-transform/transform.node';
export * from './workflow';
