/**
 * Every e-mail address field is taken or refused at the edges of the address rule the contract names:
 * each field of a write's JSON body whose schema is an address (a pattern with `@`, or `format: email`;
 * found in the contract, not named here: today SubscriberCreate's `email`, "as the HTML standard defines
 * a valid one") is sent addresses at each boundary of the HTML standard's "valid e-mail address" and just
 * past each. The standard's rule, which the schema's pattern writes out: a local part of letters, digits
 * and `.!#$%&'*+/=?^_\`{|}~-`; a domain of one or more labels apart by dots, each of 1 to 63 letters,
 * digits and hyphens, starting and ending with a letter or digit.
 *
 * Taken (requests.valid-input-accepted: "Every input that its schemas allow, boundary values included,
 * is accepted with the operation's success status"): labels of 1 and of 63 characters, first, inside and
 * last; a domain of one label; a hyphen, and two, inside a label; a label of digits; many labels; a
 * local part with each special character, and with dots leading, doubled and trailing. Refused with a
 * `422` naming the field (requests.schema-validation): a label of 64 characters, first and last; a label
 * starting or ending with a hyphen; an empty label, and a domain ending in a dot; an underscore or a `+`
 * in the domain; a character the local part does not take (`(`, `,`, `"`, a space, `\`); and two `@`.
 *
 * The verdict on each value is the field's own schema (the contract's validator), so the forms judge
 * any address field by its rule: a server that checks the domain once more with a rule of its own (labels
 * of 62, an underscore let through) fails here on the operation that does it.
 *
 * Cost: per field, the taken and the refused addresses, each one request, all at once; what a create
 * makes is deleted afterwards.
 */
import { jsonMedia } from '../../cases/json-media.ts';
import type { OperationInfo } from '../../contract/document.ts';
import { constrainedBranch } from '../../generate/values.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit, RawResult } from '../kit.ts';
import { pathIdsFor, validBody } from '../requests.ts';

const { contract } = suiteContext();

/** The fields of the operation's JSON body whose schema is an e-mail address, with their schema pointers. */
function addressFields(operation: OperationInfo): { field: string; pointer: string }[] {
  const media = jsonMedia(operation);
  if (!media) return [];
  const { node: body, pointer } = contract.resolve(media.schema, media.schemaPointer);
  return Object.entries((body?.properties ?? {}) as Record<string, unknown>).flatMap(([field, raw]) => {
    const schema = constrainedBranch(contract, raw);
    const isAddress = schema.format === 'email' || (typeof schema.pattern === 'string' && schema.pattern.includes('@'));
    return isAddress ? [{ field, pointer: `${pointer}/properties/${field}` }] : [];
  });
}

/** The addresses at the edges of the HTML standard's rule, each with what it shows; `local` keeps them the test's own. */
function addressForms(local: string): { address: string; form: string }[] {
  return [
    // Inside the rule: each taken.
    { address: `${local}@a.b`, form: 'labels of one character' },
    { address: `${local}@localhost`, form: 'a domain of one label' },
    { address: `${local}@${'b'.repeat(63)}.example`, form: 'a first label of 63 characters' },
    { address: `${local}@mail.${'C'.repeat(63)}.example`, form: 'an inner label of 63 characters, in capitals' },
    { address: `${local}@mail.${'d'.repeat(63)}`, form: 'a last label of 63 characters' },
    { address: `${local}@my-mail.ex--ample`, form: 'one hyphen and two inside labels' },
    { address: `${local}@123.45.example`, form: 'labels of digits' },
    { address: `${local}@a.b.c.d.e.f.g.h.i.j.k.l.example`, form: 'many labels' },
    { address: `${local}.!#$%&'*+/=?^_\`{|}~-x@example.com`, form: 'each special character of the local part' },
    { address: `.${local}..x.@example.com`, form: 'dots leading, doubled and trailing in the local part' },
    // Just past it: each refused.
    { address: `${local}@${'b'.repeat(64)}.example`, form: 'a first label of 64 characters' },
    { address: `${local}@mail.${'d'.repeat(64)}`, form: 'a last label of 64 characters' },
    { address: `${local}@-mail.example`, form: 'a label starting with a hyphen' },
    { address: `${local}@mail-.example`, form: 'a label ending with a hyphen' },
    { address: `${local}@mail..example`, form: 'an empty label' },
    { address: `${local}@mail.example.`, form: 'a domain ending in a dot' },
    { address: `${local}@mail_box.example`, form: 'an underscore in the domain' },
    { address: `${local}@mail+box.example`, form: 'a + in the domain' },
    { address: `${local}(x)@example.com`, form: 'parentheses in the local part' },
    { address: `${local},x@example.com`, form: 'a comma in the local part' },
    { address: `"${local}"@example.com`, form: 'quotes around the local part' },
    { address: `${local} x@example.com`, form: 'a space in the local part' },
    { address: `${local}\\x@example.com`, form: 'a backslash in the local part' },
    { address: `${local}@x@example.com`, form: 'two @' },
  ];
}

/** The body fields a 422 names in `errors`. */
function namedFields(answer: RawResult): string[] {
  const errors = (answer.json as { errors?: { field?: unknown }[] } | undefined)?.errors ?? [];
  return [...new Set(errors.map((error) => String(error.field ?? '')))];
}

interface Sent {
  field: string;
  address: string;
  form: string;
  valid: boolean;
  answer: RawResult;
}

/** Sends every form to every address field of the operation, all at once; deletes what a create made. */
async function sendForms(t: Kit, operation: OperationInfo, fields: { field: string; pointer: string }[]): Promise<Sent[]> {
  const ids = await pathIdsFor(t, operation);
  const local = t.names.name('address').toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const remover = operation.method === 'POST' ? contract.operations.find((candidate) => candidate.method === 'DELETE' && candidate.path === `${operation.path}/{id}`) : undefined;
  const base = validBody(t, operation, 'minimal');
  const sends = fields.flatMap(({ field, pointer }) =>
    addressForms(local).map(({ address, form }) => ({ field, address, form, valid: t.context.validator.schemaErrors(pointer, address) === undefined })),
  );
  return Promise.all(
    sends.map(async (send) => {
      const answer = await t.call(operation, { ids, body: { ...base, [send.field]: send.address } });
      const made = (answer.json as { id?: unknown } | undefined)?.id;
      if (remover && answer.status !== undefined && answer.status < 300 && typeof made === 'number') {
        t.cleanup(`${operation.operationId} ${made} of ${send.form}`, async () => void (await t.call(remover, { ids: { ...ids, id: made } })));
      }
      return { ...send, answer };
    }),
  );
}

const successes = (operation: OperationInfo) => operation.responses.filter((response) => /^2\d\d$/.test(response.status)).map((response) => Number(response.status));

for (const operation of contract.operations.filter((candidate) => addressFields(candidate).length > 0)) {
  const fields = addressFields(operation);
  const names = fields.map((entry) => entry.field).join(', ');
  forOperation(operation.operationId, (test) => {
    test(`takes ${names} at every edge of the HTML standard's valid e-mail address: labels of 1 and 63 characters, first, inside and last, one label, hyphens inside, digits, many labels, each special character and dots in the local part; and refuses each address just past an edge with 422 naming the field`, { check: 'positive_data_acceptance', rules: ['requests.valid-input-accepted'], needs: ['state'] }, async (t: Kit) => {
      const sent = await sendForms(t, operation, fields);
      for (const { field, address, form, answer } of sent.filter((send) => send.valid)) {
        t.verify(successes(operation).includes(answer.status ?? 0), `${operation.operationId} with ${field} ${JSON.stringify(address)} (${form}) answered ${answer.status ?? 'nothing'}; expected ${successes(operation).join(' or ')}: the address is valid as the HTML standard defines it, which the schema's pattern writes out`, { evidence: answer.exchange });
      }
      for (const { field, address, form, answer } of sent.filter((send) => !send.valid)) {
        const named = namedFields(answer);
        t.verify(answer.status === 422 && named.includes(field), `${operation.operationId} with ${field} ${JSON.stringify(address)} (${form}) answered ${answer.status ?? 'nothing'}${answer.status === 422 ? ` naming ${named.join(', ') || 'no field'}` : ''}; expected 422 naming ${field}: the address is not valid as the HTML standard defines it`, { evidence: answer.exchange, check: 'negative_data_rejection', rules: ['requests.schema-validation'] });
      }
    });
  });
}
