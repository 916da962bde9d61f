import {
  CreateEnvironmentRequest,
  CreateEnvironmentV1,
  CreateVariableRequest,
  CreateVariableV1,
  DeleteVariableV1,
  EnvironmentRecord,
  ListEnvironmentsV1,
  ListVariablesQuery,
  ListVariablesV1,
  RevealedVariable,
  RevealVariableBody,
  RevealVariableV1,
  UpdateVariableBody,
  UpdateVariableV1,
  VariableRecord,
} from '@docket/contracts';
import { Actor, Enveloped, enveloped, Page, pageOf, RpcClient } from '@docket/platform';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';

import { CurrentActor } from '../../auth/current-actor.decorator';
import { PageQuery, slicePage } from '../../http/page.query';
import { uuidPipe } from '../../http/uuid.pipe';
import { ApiRoute } from '../../openapi/api-route.decorator';

@ApiTags('Environments and variables')
@Controller()
export class EnvironmentsController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('environments')
  @ApiRoute({
    summary: 'Create an environment (organization level)',
    permission: 'environments.create',
    status: 201,
    response: EnvironmentRecord,
    errors: ['CONFLICT'],
  })
  async createEnvironment(
    @Body() body: CreateEnvironmentRequest,
    @CurrentActor() actor: Actor,
  ): Promise<Enveloped<EnvironmentRecord>> {
    const environment = await this.rpc.call(CreateEnvironmentV1, body, actor);
    return enveloped('Environment created', environment);
  }

  @Get('environments')
  @ApiRoute({
    summary: 'List the environments of your organization',
    permission: 'environments.list',
    page: EnvironmentRecord,
  })
  async listEnvironments(
    @Query() query: PageQuery,
    @CurrentActor() actor: Actor,
  ): Promise<Page<EnvironmentRecord>> {
    const { data } = await this.rpc.call(ListEnvironmentsV1, {}, actor);
    return slicePage(data, query, 'Environments');
  }

  @Post('variables')
  @ApiRoute({
    summary: 'Create a variable in an environment, scoped to a workspace, project or flow',
    description:
      'Stored encrypted (AES-256-GCM); every read shows the value masked. A value is used ' +
      'only in a secret slot: {{vars.NAME}} in a header value of an app.http-request node, or ' +
      'by name as the secretVariable of an action.write-back node. Expressions cannot read ' +
      'variables, and {{vars.NAME}} anywhere else is refused when the draft is saved. At run ' +
      'time the most specific scope wins (flow, then project, then workspace).',
    permission: 'variables.create',
    status: 201,
    response: VariableRecord,
    errors: ['NOT_FOUND', 'CONFLICT'],
  })
  async createVariable(
    @Body() body: CreateVariableRequest,
    @CurrentActor() actor: Actor,
  ): Promise<Enveloped<VariableRecord>> {
    const variable = await this.rpc.call(CreateVariableV1, body, actor);
    return enveloped('Variable created', variable);
  }

  @Get('variables')
  @ApiRoute({
    summary: 'List variables (values masked)',
    description:
      'Filters: environmentId, scope, scopeId. page 1-indexed, limit 1-100 (default 20).',
    permission: 'variables.list',
    page: VariableRecord,
  })
  async listVariables(
    @Query() query: ListVariablesQuery,
    @CurrentActor() actor: Actor,
  ): Promise<Page<VariableRecord>> {
    const page = await this.rpc.call(ListVariablesV1, query, actor);
    return pageOf(page.data, page.page, page.limit, page.totalCount, 'Variables');
  }

  @Patch('variables/:variableId')
  @ApiRoute({
    summary: 'Change a variable value or name',
    permission: 'variables.update',
    response: VariableRecord,
    errors: ['NOT_FOUND', 'CONFLICT'],
  })
  async updateVariable(
    @Param('variableId', uuidPipe) variableId: string,
    @Body() body: UpdateVariableBody,
    @CurrentActor() actor: Actor,
  ): Promise<Enveloped<VariableRecord>> {
    const variable = await this.rpc.call(UpdateVariableV1, { ...body, variableId }, actor);
    return enveloped('Variable updated', variable);
  }

  @Delete('variables/:variableId')
  @ApiRoute({
    summary: 'Delete a variable (Admin)',
    permission: 'variables.delete',
    errors: ['NOT_FOUND'],
  })
  async deleteVariable(
    @Param('variableId', uuidPipe) variableId: string,
    @CurrentActor() actor: Actor,
  ): Promise<Enveloped<{ variableId: string }>> {
    const deleted = await this.rpc.call(DeleteVariableV1, { variableId }, actor);
    return enveloped('Variable deleted', deleted);
  }

  @Post('variables/:variableId/reveal')
  @HttpCode(200)
  @ApiRoute({
    summary: 'Reveal a decrypted variable value (Admin; audited with its reason)',
    description:
      'The reason is required and recorded, with who revealed which variable and when, in the ' +
      'audit trail (`GET /audit-events`, action `variable.revealed`); the value never is.',
    permission: 'variables.reveal',
    response: RevealedVariable,
    errors: ['NOT_FOUND'],
  })
  async revealVariable(
    @Param('variableId', uuidPipe) variableId: string,
    @Body() body: RevealVariableBody,
    @CurrentActor() actor: Actor,
  ): Promise<Enveloped<RevealedVariable>> {
    const revealed = await this.rpc.call(
      RevealVariableV1,
      { variableId, reason: body.reason },
      actor,
    );
    return enveloped('Variable revealed; this read was recorded', revealed);
  }
}
