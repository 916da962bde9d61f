import { Module } from '@nestjs/common';

import { ItemReviewController } from './item-review.controller';
import { ItemsController } from './items.controller';

/** HTTP routes of the items service; controllers are thin delegations over NATS contracts. */
@Module({ controllers: [ItemsController, ItemReviewController] })
export class ItemsRoutesModule {}
