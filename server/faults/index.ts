/**
 * The fault layer: the faults of catalog.ts as a variant of the reference server (compose.ts's
 * ServerVariant), so the server's own code knows nothing of them. Each fault is a small, named
 * deviation laid over the real server: a looser copy of the contract for the validator
 * (contract.ts), a stage of the pipeline wrapped, replaced or removed (pipeline.ts), or a patched
 * method of a store or service (parts.ts). Only test and benchmark entry points, and the fault
 * server (main.ts), apply it.
 */
import type { ServerVariant } from '../compose.ts';
import { breakAcrossRequestsParts, breakAcrossRequestsPipeline } from './across-requests.ts';
import type { FaultName } from './catalog.ts';
import { breakEighteenthLookParts, breakEighteenthLookPipeline } from './eighteenth-look.ts';
import { breakEighthLookParts, breakEighthLookPipeline } from './eighth-look.ts';
import { breakEleventhLookParts, breakEleventhLookPipeline } from './eleventh-look.ts';
import { breakFourteenthLookParts, breakFourteenthLookPipeline } from './fourteenth-look.ts';
import { breakFifteenthLookParts, breakFifteenthLookPipeline } from './fifteenth-look.ts';
import { breakFifthLookParts, breakFifthLookPipeline } from './fifth-look.ts';
import { faultSet } from './fault-set.ts';
import { breakLaterReadsParts, breakLaterReadsPipeline } from './later-reads.ts';
import { breakNineteenthLookParts, breakNineteenthLookPipeline } from './nineteenth-look.ts';
import { breakNinthLookParts, breakNinthLookPipeline } from './ninth-look.ts';
import { breakParts } from './parts.ts';
import { breakOverloadParts, breakOverloadPipeline } from './overload.ts';
import { breakPipeline } from './pipeline.ts';
import { breakRelationParts, breakRelationPipeline } from './relations.ts';
import { breakSecondLooksParts, breakSecondLooksPipeline } from './second-looks.ts';
import { breakSingleOperationParts, breakSingleOperationPipeline } from './single-operation.ts';
import { breakSeventeenthLookParts, breakSeventeenthLookPipeline } from './seventeenth-look.ts';
import { breakSeventhLookParts, breakSeventhLookPipeline } from './seventh-look.ts';
import { breakSixthLookParts, breakSixthLookPipeline } from './sixth-look.ts';
import { breakSixteenthLookParts, breakSixteenthLookPipeline } from './sixteenth-look.ts';
import { breakTenthLookParts, breakTenthLookPipeline } from './tenth-look.ts';
import { breakThirteenthLookParts, breakThirteenthLookPipeline } from './thirteenth-look.ts';
import { breakTwelfthLookParts, breakTwelfthLookPipeline } from './twelfth-look.ts';
import { breakTwentiethLookParts, breakTwentiethLookPipeline } from './twentieth-look.ts';
import { breakTwentyFirstLookParts, breakTwentyFirstLookPipeline } from './twenty-first-look.ts';
import { breakTwentySecondLookParts, breakTwentySecondLookPipeline } from './twenty-second-look.ts';
import { breakTwentyThirdLookParts, breakTwentyThirdLookPipeline } from './twenty-third-look.ts';
import { breakTwentyFourthLookParts, breakTwentyFourthLookPipeline } from './twenty-fourth-look.ts';
import { breakTwentyFifthLookParts, breakTwentyFifthLookPipeline } from './twenty-fifth-look.ts';
import { breakTwentySixthLookParts, breakTwentySixthLookPipeline } from './twenty-sixth-look.ts';
import { breakRuleInputsParts, breakRuleInputsPipeline } from './rule-inputs.ts';
import { breakRuleSequencesParts, breakRuleSequencesPipeline } from './rule-sequences.ts';
import { breakTwentySeventhLookParts, breakTwentySeventhLookPipeline } from './twenty-seventh-look.ts';
import { breakTwentyEighthLookParts, breakTwentyEighthLookPipeline } from './twenty-eighth-look.ts';
import { breakTwentyNinthLookParts, breakTwentyNinthLookPipeline } from './twenty-ninth-look.ts';
import { breakThirtiethLookParts, breakThirtiethLookPipeline } from './thirtieth-look.ts';
import { breakThirtyFirstLookParts, breakThirtyFirstLookPipeline } from './thirty-first-look.ts';
import { breakThirtySecondLookParts, breakThirtySecondLookPipeline } from './thirty-second-look.ts';
import { breakThirtyThirdLookParts, breakThirtyThirdLookPipeline } from './thirty-third-look.ts';
import { breakThirtyFourthLookParts, breakThirtyFourthLookPipeline } from './thirty-fourth-look.ts';
import { breakThirtyFifthLookParts, breakThirtyFifthLookPipeline } from './thirty-fifth-look.ts';
import { breakThirtySixthLookParts, breakThirtySixthLookPipeline } from './thirty-sixth-look.ts';
import { breakThirtySeventhLookParts, breakThirtySeventhLookPipeline } from './thirty-seventh-look.ts';
import { breakThirtyEighthLookParts, breakThirtyEighthLookPipeline } from './thirty-eighth-look.ts';
import { breakThirtyNinthLookParts, breakThirtyNinthLookPipeline } from './thirty-ninth-look.ts';
import { breakFortiethLookParts, breakFortiethLookPipeline } from './fortieth-look.ts';
import { breakFortyFirstLookParts, breakFortyFirstLookPipeline } from './forty-first-look.ts';
import { breakFortySecondLookParts, breakFortySecondLookPipeline } from './forty-second-look.ts';
import { breakFortyThirdLookParts, breakFortyThirdLookPipeline } from './forty-third-look.ts';
import { breakFortyFourthLookParts, breakFortyFourthLookPipeline } from './forty-fourth-look.ts';
import { breakFortyFifthLookPipeline } from './forty-fifth-look.ts';
import { breakFortySixthLookParts, breakFortySixthLookPipeline } from './forty-sixth-look.ts';
import { breakEnteredStateOrderParts } from './entered-state-order.ts';
import { breakRememberedPositionsParts } from './remembered-positions.ts';
import { breakStateNeighboursParts } from './state-neighbours.ts';
import { breakSeparatorsBetweenNeighboursParts } from './separators-between-neighbours.ts';
import { breakSubjectWhiteSpaceParts } from './subject-white-space.ts';
import { breakMarkdownOnePastParts } from './markdown-one-past.ts';

export { parseFaults } from './fault-set.ts';

/** The server with these faults on; with none, the real server (undefined: no variant at all). */
export function faultLayer(names: readonly FaultName[]): ServerVariant | undefined {
  if (names.length === 0) return undefined;
  const on = faultSet(names);
  return {
    adaptParts: (parts) => {
      breakParts(on, parts);
      breakRelationParts(on, parts);
      breakSingleOperationParts(on, parts);
      breakAcrossRequestsParts(on, parts);
      breakLaterReadsParts(on, parts);
      breakSecondLooksParts(on, parts);
      breakFifthLookParts(on, parts);
      breakSixthLookParts(on, parts);
      breakSeventhLookParts(on, parts);
      breakEighthLookParts(on, parts);
      breakNinthLookParts(on, parts);
      breakTenthLookParts(on, parts);
      breakEleventhLookParts(on, parts);
      breakTwelfthLookParts(on, parts);
      breakThirteenthLookParts(on, parts);
      breakFourteenthLookParts(on, parts);
      breakFifteenthLookParts(on, parts);
      breakSixteenthLookParts(on, parts);
      breakSeventeenthLookParts(on, parts);
      breakEighteenthLookParts(on, parts);
      breakNineteenthLookParts(on, parts);
      breakTwentiethLookParts(on, parts);
      breakTwentyFirstLookParts(on, parts);
      breakTwentySecondLookParts(on, parts);
      breakTwentyThirdLookParts(on, parts);
      breakTwentyFourthLookParts(on, parts);
      breakTwentyFifthLookParts(on, parts);
      breakTwentySixthLookParts(on, parts);
      breakRuleInputsParts(on, parts);
      breakRuleSequencesParts(on, parts);
      breakTwentySeventhLookParts(on, parts);
      breakTwentyEighthLookParts(on, parts);
      breakTwentyNinthLookParts(on, parts);
      breakThirtiethLookParts(on, parts);
      breakThirtyFirstLookParts(on, parts);
      breakThirtySecondLookParts(on, parts);
      breakThirtyThirdLookParts(on, parts);
      breakThirtyFourthLookParts(on, parts);
      breakThirtyFifthLookParts(on, parts);
      breakThirtySixthLookParts(on, parts);
      breakThirtySeventhLookParts(on, parts);
      breakThirtyEighthLookParts(on, parts);
      breakThirtyNinthLookParts(on, parts);
      breakFortiethLookParts(on, parts);
      breakFortyFirstLookParts(on, parts);
      breakFortySecondLookParts(on, parts);
      breakFortyThirdLookParts(on, parts);
      breakFortyFourthLookParts(on, parts);
      breakFortySixthLookParts(on, parts);
      breakEnteredStateOrderParts(on, parts);
      breakRememberedPositionsParts(on, parts);
      breakStateNeighboursParts(on, parts);
      breakSeparatorsBetweenNeighboursParts(on, parts);
      breakSubjectWhiteSpaceParts(on, parts);
      breakMarkdownOnePastParts(on, parts);
      breakOverloadParts(on, parts);
    },
    adaptPipeline: (pipeline, context) => {
      const broken = breakPipeline(on, names, pipeline, context);
      const laterReads = breakLaterReadsPipeline(on, breakAcrossRequestsPipeline(on, breakSingleOperationPipeline(on, breakRelationPipeline(on, broken.api, context), context), context), context);
      const looks = breakSeventhLookPipeline(on, breakSixthLookPipeline(on, breakFifthLookPipeline(on, breakSecondLooksPipeline(on, laterReads, context), context), context), context);
      const api = breakTwelfthLookPipeline(on, breakEleventhLookPipeline(on, breakTenthLookPipeline(on, breakEighthLookPipeline(on, looks, context), context), context), context);
      const ninth = breakThirteenthLookPipeline(on, breakNinthLookPipeline(on, { ...broken, api }, context), context);
      const fourteenth = { ...ninth, api: breakFourteenthLookPipeline(on, ninth.api, context) };
      const fifteenth = breakTwentiethLookPipeline(on, breakNineteenthLookPipeline(on, breakEighteenthLookPipeline(on, breakSeventeenthLookPipeline(on, breakSixteenthLookPipeline(on, breakFifteenthLookPipeline(on, fourteenth.api, context), context), context), context), context), context);
      const twentyFirst = breakTwentySecondLookPipeline(on, breakTwentyFirstLookPipeline(on, { ...fourteenth, api: breakTwentyFifthLookPipeline(on, breakTwentyFourthLookPipeline(on, breakTwentyThirdLookPipeline(on, fifteenth, context), context), context) }, context), context);
      const twentySixth = breakRuleSequencesPipeline(on, breakRuleInputsPipeline(on, breakTwentySixthLookPipeline(on, twentyFirst, context)), context);
      const twentySeventh = { ...twentySixth, api: breakTwentySeventhLookPipeline(on, twentySixth.api, context) };
      const twentyEighth = breakTwentyEighthLookPipeline(on, twentySeventh, context);
      const twentyNinth = { ...twentyEighth, api: breakTwentyNinthLookPipeline(on, twentyEighth.api, context) };
      const thirtieth = breakThirtiethLookPipeline(on, twentyNinth, context);
      const thirtyFirst = breakThirtyFirstLookPipeline(on, thirtieth, context);
      const thirtySecond = breakThirtySecondLookPipeline(on, thirtyFirst, context);
      const thirtyThird = breakThirtyThirdLookPipeline(on, thirtySecond, context);
      const thirtyFourth = breakThirtyFourthLookPipeline(on, thirtyThird, context);
      const thirtyFifth = breakThirtyFifthLookPipeline(on, thirtyFourth, context);
      const thirtySixth = breakThirtySixthLookPipeline(on, thirtyFifth, context);
      const thirtySeventh = breakThirtySeventhLookPipeline(on, thirtySixth, context);
      const thirtyEighth = breakThirtyEighthLookPipeline(on, thirtySeventh, context);
      const thirtyNinth = breakThirtyNinthLookPipeline(on, thirtyEighth, context);
      const fortieth = breakFortiethLookPipeline(on, thirtyNinth, context);
      const fortyFirst = breakFortyFirstLookPipeline(on, fortieth, context);
      const fortySecond = breakFortySecondLookPipeline(on, fortyFirst, context);
      const fortyThird = breakFortyThirdLookPipeline(on, fortySecond, context);
      const fortyFourth = breakFortyFourthLookPipeline(on, fortyThird, context);
      const fortyFifth = breakFortyFifthLookPipeline(on, fortyFourth, context);
      const fortySixth = breakFortySixthLookPipeline(on, fortyFifth, context);
      return { ...fortySixth, api: breakOverloadPipeline(on, fortySixth.api, context) };
    },
  };
}
