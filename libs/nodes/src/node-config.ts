import type { NodeType } from '@docket/contracts';

import type { MatchingConfig } from './action-matching/matching.node';
import type { ReviewConfig } from './action-review/review.node';
import type { WriteBackConfig } from './action-write-back/write-back.node';
import type { ClassifyConfig } from './ai-classify/classify.node';
import type { ExtractConfig } from './ai-extract/extract.node';
import type { SplitConfig } from './ai-split/split.node';
import type { SummarizeConfig } from './ai-summarize/summarize.node';
import type { HttpRequestConfig } from './app-http-request/http-request.node';
import type { Config } from './config/config-checks';
import type { ForEachConfig } from './control-for-each/for-each.node';
import type { RouteConfig } from './control-route/route.config';
import type { FileTriggerConfig } from './trigger-file/trigger-file.node';
import type { ScheduleTriggerConfig } from './trigger-schedule/trigger-schedule.node';
import type { DelayConfig } from './utility-delay/delay.node';
import type { TransformConfig } from './utility-transform/transform.node';

/** A node type that takes no settings. */
type NoSettings = Record<string, never>;

/**
 * The settings of each node type, as its folder declares them. Indexed by the contracts'
 * NodeType, so a type without an entry here does not compile.
 */
interface ConfigByType {
  'trigger.api': NoSettings;
  'trigger.file': FileTriggerConfig;
  'trigger.schedule': ScheduleTriggerConfig;
  'ai.classify': ClassifyConfig;
  'ai.split': SplitConfig;
  'ai.extract': ExtractConfig;
  'ai.summarize': SummarizeConfig;
  'control.route': RouteConfig;
  'control.for-each': ForEachConfig;
  'control.join': NoSettings;
  'utility.transform': TransformConfig;
  'utility.delay': DelayConfig;
  'action.review': ReviewConfig;
  'action.matching': MatchingConfig;
  'action.write-back': WriteBackConfig;
  'app.http-request': HttpRequestConfig;
}

export type NodeConfig<T extends NodeType> = ConfigByType[T];

/**
 * A node's configuration read as its type's settings. Only configurations that passed the
 * type's rules get here (nodeConfigProblems runs when a draft is saved, a version published and
 * a preview asked for), so the rules, not the compiler, proved the shape: this is the one place
 * a graph's JSON becomes a typed configuration, for the previews, the executors and the pure
 * recipes alike.
 */
export function nodeConfig<T extends NodeType>(_type: T, config: Config): NodeConfig<T> {
  return config as NodeConfig<T>;
}
