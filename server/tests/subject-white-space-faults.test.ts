/**
 * The faults of server/faults/subject-white-space.ts really break what they name: each case runs the
 * same requests against the server with the fault and without it, and requires the broken answer from
 * the first and the one the contract requires from the second.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';
import { hoursFromNow, newsletterWithReader } from './contrast-fixtures.ts';
import type { Api } from './harness.ts';

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

const fields = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field).sort();

/** Each subject's send for later: 200, or 422 and the fields its problem names. */
const sendEach = async (api: Api, subjects: Record<string, string>) => {
  const newsletter = await newsletterWithReader(api, `Weekly ${Math.random()}`);
  const seen: Record<string, unknown> = {};
  for (const [what, subject] of Object.entries(subjects)) {
    const email = (await api('POST', `/newsletters/${newsletter}/emails`, { body: { subject, content_html: '<p>Hello.</p>' } })).body.id as number;
    const sent = await api('POST', `/newsletters/${newsletter}/emails/${email}/send`, { body: { scheduled_at: hoursFromNow(48) } });
    seen[what] = sent.status === 422 ? [422, fields(sent.body)] : [sent.status];
  }
  return seen;
};

add({
  fault: 'send-subject-blank-by-trim',
  what: 'sendEmail must judge a subject blank by Unicode White_Space: U+0085 alone blank, U+FEFF alone a subject',
  observe: ({ api }) => sendEach(api, { spaces: '   ', nextLine: '\u0085', byteOrderMark: '\uFEFF', words: 'Hello' }),
  broken: (seen) => expect(seen).toEqual({ spaces: [422, ['subject']], nextLine: [200], byteOrderMark: [422, ['subject']], words: [200] }),
  correct: (seen) => expect(seen).toEqual({ spaces: [422, ['subject']], nextLine: [422, ['subject']], byteOrderMark: [200], words: [200] }),
});

add({
  fault: 'send-subject-blank-ascii-only',
  what: 'sendEmail must judge a subject of a no-break or ideographic space alone blank',
  observe: ({ api }) => sendEach(api, { spaces: '   ', noBreak: '\u00A0', ideographic: '\u3000', words: 'Hello' }),
  broken: (seen) => expect(seen).toEqual({ spaces: [422, ['subject']], noBreak: [200], ideographic: [200], words: [200] }),
  correct: (seen) => expect(seen).toEqual({ spaces: [422, ['subject']], noBreak: [422, ['subject']], ideographic: [422, ['subject']], words: [200] }),
});

contrastFaults("the subject's blank rule", cases);
