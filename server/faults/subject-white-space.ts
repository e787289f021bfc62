/**
 * Faults in how sendEmail judges a subject blank ("a blank subject cannot be sent", named `subject`),
 * each in sendEmail alone: blank by JavaScript's `trim()` (U+0085, white space, taken for a subject;
 * U+FEFF, not white space, taken for blank), and blank by HTML's ASCII white space alone (a no-break or
 * an ideographic space taken for a subject). A subject of ASCII spaces is judged right by both, and so
 * is the content. Each breaks email.not-sendable-fields and the send table's "a subject that is not blank".
 */
import type { ServerParts } from '../compose.ts';
import type { FaultSet } from './fault-set.ts';

/** HTML's ASCII white space: space, tab, line feed, form feed, carriage return. */
const ASCII_BLANK = /^[ \t\n\f\r]*$/;

/**
 * sendEmail judging the subject by `blank` instead of Unicode White_Space: while a send is judged, the
 * email's state shows the real judge an empty subject where `blank` says blank, and a filled one
 * otherwise; everything else about the send (and every other operation's reading) is the real one.
 */
function judgeSubjectBy({ stores, services }: ServerParts, blank: (subject: string) => boolean): void {
  let sending = false;
  const state = stores.emails.state.bind(stores.emails);
  stores.emails.state = (id) => {
    const found = state(id);
    if (!sending || !found) return found;
    return { ...found, subject: blank(found.subject) ? '' : 'filled' };
  };
  const send = services.emails.send.bind(services.emails);
  services.emails.send = (workspaceId, newsletterId, id, scheduledAt) => {
    sending = true;
    try {
      return send(workspaceId, newsletterId, id, scheduledAt);
    } finally {
      sending = false;
    }
  };
}

export function breakSubjectWhiteSpaceParts(on: FaultSet, parts: ServerParts): void {
  if (on('send-subject-blank-by-trim')) {
    // sendEmail judges the subject with `subject.trim() === ''`, the usual JavaScript idiom, where the
    // content beside it is judged by Unicode White_Space: a subject of U+0085 (NEXT LINE, white space)
    // alone is sent, and one of U+FEFF (a zero-width no-break space, not white space) alone is refused
    // 422 naming subject. Breaks email.not-sendable-fields and Email's subject ("a blank subject cannot be sent").
    judgeSubjectBy(parts, (subject) => subject.trim() === '');
  }
  if (on('send-subject-blank-ascii-only')) {
    // sendEmail judges the subject blank by HTML's ASCII white space (`/^[ \t\n\f\r]*$/`, the pattern
    // of the template library's "is empty" helper): a subject of a no-break space, an em space or an
    // ideographic space alone is sent as if it had words. Spaces, and every subject with a visible
    // character, are right. Breaks email.not-sendable-fields and the send table ("a subject that is
    // not blank").
    judgeSubjectBy(parts, (subject) => ASCII_BLANK.test(subject));
  }
}
