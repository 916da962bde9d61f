import { OutboundConfig } from '@docket/nodes';
import { Env } from '@docket/platform';
import { IsInt, IsString, Min } from 'class-validator';

/** The worker's settings; those of its outbound calls are shared with flows' previews. */
export class WorkerConfig extends OutboundConfig {
  @Env(
    'WORKFLOW_BUNDLE_PATH',
    'Prebuilt workflow bundle (bundleWorkflowCode output); empty = bundle WORKFLOWS_PATH at start',
  )
  @IsString()
  workflowBundlePath = '';

  @Env('WORKFLOWS_PATH', 'Workflow source entry point; empty = the workflows folder of this build')
  @IsString()
  workflowsPath = '';

  @Env('WORKER_MAX_CONCURRENT_ACTIVITIES', 'Activity executions this process runs at once')
  @IsInt()
  @Min(1)
  maxConcurrentActivities = 200;

  @Env('WORKER_MAX_CONCURRENT_WORKFLOW_TASKS', 'Workflow tasks this process runs at once')
  @IsInt()
  @Min(2)
  maxConcurrentWorkflowTasks = 100;
}
