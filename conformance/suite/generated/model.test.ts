/**
 * Generated cases, phase model: random sequences over both workspaces, every answer predicted by a model
 * of the service written from the contract (conformance/model/). Needs a target with state: against the
 * Prism mock, which keeps none, no prediction about a later request can hold, so it is not applicable.
 */
import { MODEL_RULES } from '../../model/rules.ts';
import { modelSize, runModel } from '../../model/run.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';

const { options } = suiteContext();
const size = modelSize(options.maxExamples, options.modelTimeSeconds);

forOperation('sendEmail', (test) => {
  test(
    `[model] ${size.runs} random sequences of up to ${size.commands} requests over both workspaces answer as the model predicts`,
    { check: 'model_prediction', rules: [...MODEL_RULES], needs: ['state', 'token_validation'], timeoutMs: size.timeLimitMs + 120_000 },
    async (t) => {
      const stats = await runModel(t, size);
      // The report shows what the model did: requests predicted, and what it could not predict and why.
      t.recorder.note(`model: ${stats.runs} sequences${stats.interrupted ? ` (the ${Math.round(size.timeLimitMs / 1000)} s bound stopped it before all ${size.runs} ran; --model-time gives it longer)` : ''}, ${stats.predicted} answers predicted over ${stats.operations.length} operations; not predicted: ${Object.entries(stats.unpredicted).map(([why, count]) => `${count} × ${why}`).join('; ') || 'none'}`);
    },
  );
});
