import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  ValidateNested,
} from 'class-validator';

import { FlowEdge, FlowGraph, FlowNode, NODE_TYPES, NodeType } from './flow-graph.types';

export const MAX_FLOW_NODES = 200;

export const MAX_FLOW_EDGES = 500;

export const NODE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const VERSION_PATTERN = /^v\d+\.\d+\.\d+$/;

export const VERSION_BUMPS = ['major', 'minor', 'patch'] as const;

export type VersionBump = (typeof VERSION_BUMPS)[number];

/*
 * The structure of a graph is checked here (shapes and sizes); what makes a graph valid as a
 * flow (one trigger, reachability, cycles, node configurations) is checked by the flows
 * service, which answers 400 naming the node and the reason.
 */
/** The node catalog as the API documents it (OpenAPI description of a node's config). */
export const NODE_CATALOG_DOC = [
  'Configuration by node type. Variable values are used only in secret slots: {{vars.NAME}} ' +
    "in the header values of app.http-request, write-back's secretVariable and a hosted " +
    "model's apiKeyVariable (by name); " +
    'expressions cannot read variables ($vars), and a reference elsewhere is a 400.',
  '- trigger.api: {} (started by POST /flows/{flowId}/run)',
  '- trigger.file: {category?} (a file of the workspace becomes READY; only this category if set)',
  '- trigger.schedule: {cron, input?} (five-field cron, a Temporal schedule while active)',
  '- ai.classify: {classes: [{label, keywords?, patterns?, description?}], minConfidence?, ' +
    'methods? (rules and/or model, default both), hosted?}',
  '- ai.split: {classes?} (cuts files into documents)',
  '- ai.extract: {fields: [{key, type, label?, synonyms?, patterns?, required?, ' +
    'confidenceThreshold?, scope?, validation?, options?, columns?, fields?}], ' +
    'crossFieldRules?, defaultConfidenceThreshold?, hosted?} (output needsReview, flagged, ' +
    'fields)',
  '- hosted (ai.classify, ai.extract, ai.summarize): {baseUrl, model, apiKeyVariable, mode? (fallback | ' +
    'primary), timeoutSeconds? (1 to 300)}: an OpenAI-compatible chat-completions endpoint ' +
    'used by runs; the API key is the variable named by apiKeyVariable (by name, a secret slot)',
  '- ai.summarize: {templates?, classNames?, hosted?}',
  '- control.route: {routes: [{branch, when}]} (JSONata conditions; edges carry the branch, ' +
    'or `default`)',
  '- control.for-each: {items?} (JSONata, default `documents`; edges `body` and `done`, the ' +
    'body leads back to the for-each)',
  '- control.join: {} (waits for every incoming branch)',
  '- utility.transform: {expression} (JSONata over input, trigger, fileIds, documents, nodes, ' +
    'item, loop and review)',
  '- utility.delay: {seconds} (1 to 604800)',
  '- action.review: {timeoutSeconds?, instructions?} (edges `submitted` and `timeout`)',
  '- action.matching: {referenceFileId | rows, match: [{field, column}], threshold?} (best ' +
    'row of a CSV reference table for the item fields, with a score)',
  '- action.write-back: {url, secretVariable} (HMAC-SHA256 signed POST of the item data with ' +
    'an Idempotency-Key; https only)',
  '- app.http-request: {method, url, headers?, body?} (JSONata body; https only; header ' +
    'values may hold {{vars.NAME}}, the secret slot; the response is masked of every value)',
].join('\n');

export class FlowNodeInput implements FlowNode {
  @ApiProperty({ example: 'extract', description: 'Unique in the flow: letters, digits, - and _' })
  @IsString()
  @Matches(NODE_ID_PATTERN, { message: 'id must be 1-64 letters, digits, - or _' })
  id!: string;

  @ApiProperty({ enum: NODE_TYPES })
  @IsIn(NODE_TYPES)
  type!: NodeType;

  @ApiPropertyOptional({ example: 'Extract claim fields' })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  name?: string;

  @ApiPropertyOptional({ type: Object, description: NODE_CATALOG_DOC })
  @IsOptional()
  @IsObject()
  config?: Record<string, unknown>;
}

export class FlowEdgeInput implements FlowEdge {
  @ApiProperty() @IsString() @Matches(NODE_ID_PATTERN) from!: string;
  @ApiProperty() @IsString() @Matches(NODE_ID_PATTERN) to!: string;

  @ApiPropertyOptional({
    description:
      'Outcome followed: a route branch or `default`, `submitted`/`timeout` of a review, ' +
      '`body`/`done` of a for-each. Omit on plain edges.',
  })
  @IsOptional()
  @IsString()
  @Length(1, 64)
  branch?: string;
}

export class FlowGraphInput implements FlowGraph {
  @ApiProperty({ type: [FlowNodeInput] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_FLOW_NODES)
  @ValidateNested({ each: true })
  @Type(() => FlowNodeInput)
  nodes!: FlowNodeInput[];

  @ApiProperty({ type: [FlowEdgeInput] })
  @IsArray()
  @ArrayMaxSize(MAX_FLOW_EDGES)
  @ValidateNested({ each: true })
  @Type(() => FlowEdgeInput)
  edges!: FlowEdgeInput[];
}

export class FlowVersionRecord {
  @ApiProperty({ format: 'uuid' }) versionId!: string;
  @ApiProperty({ example: 'v1.2.0' }) version!: string;
  @ApiPropertyOptional({ nullable: true, type: String }) notes!: string | null;
  @ApiProperty({ format: 'uuid' }) publishedBy!: string;
  @ApiProperty({ format: 'date-time' }) publishedAt!: string;
  @ApiProperty({ description: 'Whether this version is the one the trigger runs' })
  active!: boolean;
}

export class FlowRecord {
  @ApiProperty({ format: 'uuid' }) flowId!: string;
  @ApiProperty({ format: 'uuid' }) projectId!: string;
  @ApiProperty({ format: 'uuid' }) workspaceId!: string;
  @ApiProperty() name!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ enum: ['trigger.api', 'trigger.file', 'trigger.schedule'] }) trigger!: string;
  @ApiProperty({ description: 'Whether the trigger is live (an active version exists)' })
  active!: boolean;
  @ApiPropertyOptional({ nullable: true, type: String, example: 'v1.0.0' })
  activeVersion!: string | null;
  @ApiPropertyOptional({ nullable: true, type: String, example: 'v1.2.0' })
  latestVersion!: string | null;
  @ApiPropertyOptional({ format: 'uuid', nullable: true, type: String })
  activeEnvironmentId!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}

export class FlowDetailRecord extends FlowRecord {
  @ApiProperty({ type: FlowGraphInput, description: 'The one draft: the editable graph' })
  draft!: FlowGraph;
  @ApiProperty({ format: 'date-time' }) draftUpdatedAt!: string;
}

export class FlowRef {
  @IsUUID('4') flowId!: string;
}
