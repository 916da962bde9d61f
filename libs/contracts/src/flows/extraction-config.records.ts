import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

import { FIELD_TYPES, SCALAR_FIELD_TYPES } from './field-types';

/*
 * The extraction configuration as the OpenAPI document shows it (the ai.extract node and the
 * preview share it). Validation is the flows service's node-configuration rules, which refuse
 * any setting not listed here; docs/api-guide.md says what each setting does.
 */

export class ExtractEnumOptionRecord {
  @ApiProperty() value!: string;
  @ApiPropertyOptional({ type: [String] }) synonyms?: string[];
}

export class ExtractColumnConfigRecord {
  @ApiProperty({ pattern: '^[A-Za-z][A-Za-z0-9_.-]{0,99}$', description: 'Also matched as words' })
  key!: string;
  @ApiPropertyOptional({
    enum: [...SCALAR_FIELD_TYPES],
    description: 'A table column without one is text',
  })
  type?: string;
  @ApiPropertyOptional({ maxLength: 200, description: 'The caption or header to look for' })
  label?: string;
  @ApiPropertyOptional({ type: [String], description: 'More captions it may be printed under' })
  synonyms?: string[];
  @ApiPropertyOptional({ maxLength: 2000, description: 'For the hosted model; not matched' })
  description?: string;
  @ApiPropertyOptional({ type: [String], description: 'Regular expressions the value matches' })
  patterns?: string[];
  @ApiPropertyOptional({ description: 'A missing value fails the required rule' })
  required?: boolean;
  @ApiPropertyOptional({ minimum: 0, maximum: 1, description: 'Flag under this; default 0.7' })
  confidenceThreshold?: number;
  @ApiPropertyOptional({ enum: ['document', 'item'] }) scope?: string;
  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    description: 'Rules: {kind: required|pattern|range|enum|lookup, …, message?}',
  })
  validation?: Array<Record<string, unknown>>;
  @ApiPropertyOptional({ description: 'string: lines under the first (addresses)' })
  extraLines?: number;
  @ApiPropertyOptional({
    type: 'object',
    properties: {
      case: { type: 'string', enum: ['upper', 'lower', 'title'] },
      removeCharacters: { type: 'string' },
    },
    description: 'string only',
  })
  normalise?: Record<string, unknown>;
  @ApiPropertyOptional({ description: 'number: decimals to round to' }) decimals?: number;
  @ApiPropertyOptional({ description: 'money: ISO 4217 code when none is printed; default USD' })
  defaultCurrency?: string;
  @ApiPropertyOptional({ enum: ['MDY', 'DMY'], description: 'date: default MDY' })
  dateOrder?: string;
  @ApiPropertyOptional({ type: [String], description: 'boolean: words read as yes' })
  trueValues?: string[];
  @ApiPropertyOptional({ type: [String], description: 'boolean: words read as no' })
  falseValues?: string[];
  @ApiPropertyOptional({ type: [ExtractEnumOptionRecord], description: 'enum: allowed values' })
  options?: ExtractEnumOptionRecord[];
}

export class ExtractFieldConfigRecord extends ExtractColumnConfigRecord {
  @ApiProperty({ enum: [...FIELD_TYPES] }) declare type: string;
  @ApiPropertyOptional({ type: [ExtractColumnConfigRecord], description: 'table: its columns' })
  columns?: ExtractColumnConfigRecord[];
  @ApiPropertyOptional({ type: [String], description: 'table: a row starting so ends it' })
  stopLabels?: string[];
  @ApiPropertyOptional({ description: 'table: header cells that must match' })
  minHeaderMatches?: number;
  @ApiPropertyOptional({ type: [ExtractColumnConfigRecord], description: 'object: sub-fields' })
  fields?: ExtractColumnConfigRecord[];
}

export class ExtractionConfigRecord {
  @ApiProperty({ type: [ExtractFieldConfigRecord], minItems: 1, maxItems: 200 })
  fields!: ExtractFieldConfigRecord[];
  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    description: 'Cross-field rules: {kind: date-order|sum-equals, …}',
  })
  crossFieldRules?: Array<Record<string, unknown>>;
  @ApiPropertyOptional({ minimum: 0, maximum: 1 }) defaultConfidenceThreshold?: number;
}
