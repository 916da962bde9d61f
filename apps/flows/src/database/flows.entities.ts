import type {
  ExecutionError,
  ExecutionStatus,
  ExecutionTrigger,
  FlowGraph,
} from '@docket/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'flows' })
export class FlowEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'organization_id' }) organizationId!: string;
  @Column('uuid', { name: 'workspace_id' }) workspaceId!: string;
  @Column('uuid', { name: 'project_id' }) projectId!: string;
  @Column('text') name!: string;
  @Column('text') description!: string;
  @Column('jsonb') draft!: FlowGraph;
  @Column('timestamptz', { name: 'draft_updated_at' }) draftUpdatedAt!: Date;
  @Column('uuid', { name: 'draft_updated_by' }) draftUpdatedBy!: string;
  @Column('uuid', { name: 'active_version_id', nullable: true }) activeVersionId!: string | null;
  /** Environment of the runs the live trigger starts (file and schedule runs). */
  @Column('uuid', { name: 'active_environment_id', nullable: true })
  activeEnvironmentId!: string | null;
  @Column('text', { name: 'latest_version', nullable: true }) latestVersion!: string | null;
  @Column('uuid', { name: 'created_by' }) createdBy!: string;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt!: Date;
}

@Entity({ name: 'flow_versions' })
export class FlowVersionEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'flow_id' }) flowId!: string;
  @Column('uuid', { name: 'organization_id' }) organizationId!: string;
  @Column('text') version!: string;
  @Column('int') major!: number;
  @Column('int') minor!: number;
  @Column('int') patch!: number;
  @Column('jsonb') graph!: FlowGraph;
  @Column('text', { name: 'trigger_type' }) triggerType!: string;
  @Column('jsonb', { name: 'trigger_config' }) triggerConfig!: Record<string, unknown>;
  @Column('text', { nullable: true }) notes!: string | null;
  @Column('uuid', { name: 'published_by' }) publishedBy!: string;
  @Column('timestamptz', { name: 'published_at' }) publishedAt!: Date;
}

@Entity({ name: 'environments' })
export class EnvironmentEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'organization_id' }) organizationId!: string;
  @Column('text') name!: string;
  @Column('text') description!: string;
  @Column('uuid', { name: 'created_by' }) createdBy!: string;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
}

@Entity({ name: 'variables' })
export class VariableEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'organization_id' }) organizationId!: string;
  @Column('uuid', { name: 'environment_id' }) environmentId!: string;
  @Column('text') name!: string;
  @Column('text') scope!: 'workspace' | 'project' | 'flow';
  @Column('uuid', { name: 'scope_id' }) scopeId!: string;
  @Column('text', { name: 'value_sealed' }) valueSealed!: string;
  @Column('text', { name: 'data_key_wrapped' }) dataKeyWrapped!: string;
  @Column('uuid', { name: 'created_by' }) createdBy!: string;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt!: Date;
}

@Entity({ name: 'executions' })
export class ExecutionEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'organization_id' }) organizationId!: string;
  @Column('uuid', { name: 'workspace_id' }) workspaceId!: string;
  @Column('uuid', { name: 'project_id' }) projectId!: string;
  @Column('uuid', { name: 'flow_id' }) flowId!: string;
  @Column('text', { name: 'flow_name' }) flowName!: string;
  @Column('uuid', { name: 'version_id', nullable: true }) versionId!: string | null;
  @Column('text', { name: 'flow_version' }) flowVersion!: string;
  @Column('boolean') test!: boolean;
  @Column('uuid', { name: 'environment_id', nullable: true }) environmentId!: string | null;
  @Column('text') trigger!: ExecutionTrigger;
  @Column('uuid', { name: 'parent_execution_id', nullable: true })
  parentExecutionId!: string | null;
  @Column('text', { name: 'trigger_key', nullable: true }) triggerKey!: string | null;
  @Column('text') status!: ExecutionStatus;
  @Column('int', { name: 'status_seq' }) statusSeq!: number;
  @Column('jsonb') input!: Record<string, unknown>;
  @Column('uuid', { name: 'file_ids', array: true }) fileIds!: string[];
  /** The graph a test (draft) run interprets; version runs read their version's snapshot. */
  @Column('jsonb', { name: 'draft_graph', nullable: true }) draftGraph!: FlowGraph | null;
  @Column('uuid', { name: 'item_ids', array: true }) itemIds!: string[];
  @Column('jsonb', { nullable: true }) error!: ExecutionError | null;
  @Column('uuid', { name: 'started_by', nullable: true }) startedBy!: string | null;
  /** Whether its workflow was started (the start outbox); see WorkflowStarter. */
  @Column('boolean', { name: 'workflow_started' }) workflowStarted!: boolean;
  @Column('text', { name: 'trace_id', nullable: true }) traceId!: string | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'started_at', nullable: true }) startedAt!: Date | null;
  @Column('timestamptz', { name: 'completed_at', nullable: true }) completedAt!: Date | null;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt!: Date;
}

@Entity({ name: 'execution_steps' })
export class ExecutionStepEntity {
  @PrimaryColumn('uuid', { name: 'execution_id' }) executionId!: string;
  @PrimaryColumn('text', { name: 'step_key' }) stepKey!: string;
  @Column('int') sequence!: number;
  @Column('text', { name: 'node_id' }) nodeId!: string;
  @Column('text', { name: 'node_type' }) nodeType!: string;
  @Column('text', { name: 'node_name' }) nodeName!: string;
  @Column('text') status!: string;
  @Column('int') attempt!: number;
  @Column('int') rank!: number;
  @Column('timestamptz', { name: 'started_at' }) startedAt!: Date;
  @Column('timestamptz', { name: 'completed_at', nullable: true }) completedAt!: Date | null;
  @Column('jsonb', { nullable: true }) input!: unknown;
  @Column('jsonb', { nullable: true }) output!: unknown;
  @Column('jsonb', { nullable: true }) error!: ExecutionError | null;
}

export const FLOWS_ENTITIES = [
  FlowEntity,
  FlowVersionEntity,
  EnvironmentEntity,
  VariableEntity,
  ExecutionEntity,
  ExecutionStepEntity,
];
