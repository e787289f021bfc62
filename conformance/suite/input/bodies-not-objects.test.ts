/**
 * negative_data_rejection over the body's form: every operation whose body is a JSON object is sent, at
 * once, a body that is JSON but no object: `null`, `false`, `0` and `""` (the values a server that
 * defaults its input with `body ?? {}` or `body || {}` reads as "nothing to change") and an array; every
 * operation that needs a body (`requestBody.required`, the upload's included) is also sent none at all,
 * no Content-Type and no bytes. Each is a 422 naming `body`, never a 2xx: a body that breaks its schema's
 * type is refused (requests.schema-validation), and "a request that needs a body and sends none is a
 * `422` naming `body`" (the introduction's Requests). sendEmail, whose body is optional, is sent the JSON
 * forms only: no body there sends at once (and the mock, which reads a `null` there as no body, is sent
 * the others: checks/profile.ts optional_body_null_refused). Refused requests change nothing, so the ids
 * are shared with the other negative cases of the operation.
 *
 * A body of zero bytes under `Content-Type: application/json` is not sent: the contract does not say
 * whether it is no body (422) or JSON that does not parse (400), and the reference server reads it as
 * `{}`, as body-parser does.
 */
import { jsonMedia, takesUpload } from '../../cases/json-media.ts';
import { verdict } from '../../cases/run-case.ts';
import { missingCapability } from '../../checks/profile.ts';
import { forOperation } from '../harness.ts';
import { suiteContext } from '../context.ts';
import type { RawRequest } from '../kit.ts';
import { fillPath, pathIdsFor } from '../requests.ts';

const { contract } = suiteContext();

/** JSON texts that are not an object: every falsy JSON value, and an array. */
const NOT_OBJECTS = ['null', 'false', '0', '""', '[]'];

for (const operation of contract.operations) {
  const json = jsonMedia(operation) !== undefined;
  const required = operation.requestBody?.required === true && (json || takesUpload(operation));
  if (!json && !required) continue;
  const title = [...(required ? ['no body at all (no Content-Type, no bytes)'] : []), ...(json ? NOT_OBJECTS.map((text) => `the JSON body ${text}`) : [])];
  forOperation(operation.operationId, (test) => {
    test(`rejects ${title.join(', ')}, each, with 422 naming body`, { check: 'negative_data_rejection', rules: ['requests.schema-validation', 'errors.field-names'] }, async (t) => {
      const ids = await t.shared('ids', () => pathIdsFor(t, operation));
      const path = fillPath(operation.path, ids);
      const nullRefused = required || missingCapability(t.options.profile, ['optional_body_null_refused']) === undefined;
      const texts = json ? NOT_OBJECTS.filter((text) => nullRefused || text !== 'null') : [];
      const forms = [...(required ? ['no body at all (no Content-Type, no bytes)'] : []), ...texts.map((text) => `the JSON body ${text}`)];
      const requests: RawRequest[] = [
        ...(required ? [{ method: operation.method, path }] : []),
        ...texts.map((body) => ({ method: operation.method, path, body, contentType: 'application/json' })),
      ];
      const answers = await Promise.all(requests.map((request) => t.raw(request)));
      // A mock answers every invalid request with the same example: only its status is judged.
      const named = missingCapability(t.options.profile, ['input_reflection']) === undefined;
      answers.forEach(({ status, json: answer, exchange }, index) => {
        const form = forms[index]!;
        if (!t.verify(status === 422, `${form}: ${verdict(status, 422)}`, { evidence: exchange, rules: ['requests.schema-validation'] }) || !named) return;
        const errors = (answer as { errors?: { field?: unknown }[] } | undefined)?.errors;
        const fields = Array.isArray(errors) ? errors.map((error) => error?.field) : [];
        t.verify(fields.includes('body'), `${form}: the 422 names ${JSON.stringify(fields)}, not body`, { evidence: exchange, rules: ['errors.field-names'] });
      });
    });
  }, { concurrent: true });
}
