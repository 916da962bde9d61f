import {
  AuditEventFilter,
  AuditEventRecord,
  ListFlowsAuditEventsV1,
  ListIdentityAuditEventsV1,
  ListItemsAuditEventsV1,
} from '@docket/contracts';
import { Actor, DocketException, Page, pageOf, RpcClient } from '@docket/platform';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiPropertyOptional, ApiTags, IntersectionType } from '@nestjs/swagger';
import { Max } from 'class-validator';

import { CurrentActor } from '../../auth/current-actor.decorator';
import { PageQuery } from '../../http/page.query';
import { ApiRoute } from '../../openapi/api-route.decorator';
import { mergeAuditShares } from './audit-trail.merge';

/** The filters and paging; page at most 100, so the deepest page reaches the 10,000th event. */
class AuditEventsQuery extends IntersectionType(AuditEventFilter, PageQuery) {
  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 1, description: '1-indexed page' })
  @Max(100)
  declare page: number;
}

/**
 * The organization's audit trail. Each service records its own events in the transaction of the
 * change and answers its share; this route merges them, newest first.
 */
@ApiTags('Audit trail')
@Controller('audit-events')
export class AuditEventsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @ApiRoute({
    summary: 'The audit trail: who changed keys, people, sign-in, variables, flows and items',
    description:
      'Newest first. Records API keys created and revoked; users created, changed and ' +
      'deactivated; identity-provider (sign-in) settings changed; variables created, updated, ' +
      'revealed (with the reason given) and deleted; flows published, activated and ' +
      'deactivated; item locks taken over and items closed. Never a secret. Filters combine; ' +
      '`occurredAfter` is inclusive, `occurredBefore` exclusive.',
    permission: 'auditEvents.read',
    page: AuditEventRecord,
  })
  async list(
    @Query() query: AuditEventsQuery,
    @CurrentActor() actor: Actor,
  ): Promise<Page<AuditEventRecord>> {
    const { page, limit, ...filter } = query;
    if (filter.occurredAfter && filter.occurredBefore) {
      if (Date.parse(filter.occurredAfter) >= Date.parse(filter.occurredBefore))
        throw DocketException.invalid('occurredAfter must be before occurredBefore');
    }
    const request = { ...filter, first: page * limit };
    const shares = await Promise.all([
      this.rpc.call(ListIdentityAuditEventsV1, request, actor),
      this.rpc.call(ListFlowsAuditEventsV1, request, actor),
      this.rpc.call(ListItemsAuditEventsV1, request, actor),
    ]);
    const merged = mergeAuditShares(shares, page, limit);
    return pageOf(merged.data, page, limit, merged.totalCount, 'Audit events');
  }
}
