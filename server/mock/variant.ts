/** The stateful mock as a variant of the reference server: its `Prefer` stage, inserted by name. */
import type { ServerVariant } from '../compose.ts';
import { insertBefore } from '../http/pipeline.ts';
import { preferStage } from './prefer-stage.ts';

export const mockVariant: ServerVariant = {
  adaptPipeline: (pipeline, context) => ({
    ...pipeline,
    api: insertBefore(pipeline.api, 'declared-length', { name: 'prefer', handler: preferStage(context.contract) }),
  }),
};
