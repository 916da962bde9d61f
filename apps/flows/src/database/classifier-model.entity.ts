import type { NaiveBayesModel } from '@docket/document-intelligence';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A project's learned document classifier (see the classifier-models migration). */
@Entity({ name: 'classifier_models' })
export class ClassifierModelEntity {
  @PrimaryColumn('uuid', { name: 'project_id' }) projectId!: string;
  @Column('uuid', { name: 'organization_id' }) organizationId!: string;
  @Column('int') version!: number;
  @Column('jsonb') model!: NaiveBayesModel;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt!: Date;
}
