import { Module } from '@nestjs/common';

import { FilesController } from './files.controller';
import { InternalEventsRoute } from './internal-events.route';

/** HTTP routes of the files service; controllers are thin delegations over NATS contracts. */
@Module({ controllers: [FilesController], providers: [InternalEventsRoute] })
export class FilesRoutesModule {}
