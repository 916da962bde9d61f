import { Injectable } from '@nestjs/common';

import { FlowEntity, FlowVersionEntity } from '../database/flows.entities';
import { ScheduleTriggers } from './schedule-triggers.service';

/**
 * What activation means per trigger: an API trigger needs nothing (runs check the active
 * version), a file trigger is read by the file-ready consumer from the flows table, a schedule
 * trigger becomes a Temporal schedule that exists exactly while the flow is active.
 */
@Injectable()
export class TriggerActivation {
  constructor(private readonly schedules: ScheduleTriggers) {}

  async activated(flow: FlowEntity, version: FlowVersionEntity): Promise<void> {
    if (version.triggerType === 'trigger.schedule') {
      await this.schedules.upsert(flow, String(version.triggerConfig.cron));
    } else {
      await this.schedules.remove(flow.id);
    }
  }

  async deactivated(flow: FlowEntity): Promise<void> {
    await this.schedules.remove(flow.id);
  }
}
