/**
 * The faults of server/faults/separators-between-neighbours.ts really break what they name: each case
 * runs the same requests against the server with the fault and without it, and requires the broken
 * answer from the first and the one the contract requires from the second.
 */
import { expect } from 'vitest';
import { contrastFaults, type FaultContrast } from './fault-contrast.ts';

const cases: FaultContrast<any>[] = [];
const add = <T>(c: FaultContrast<T>) => cases.push(c);

add({
  fault: 'category-slug-accented-marks-dropped',
  what: "createCategory's slug must make a hyphen of a mark between two accented letters",
  observe: async ({ api }) => {
    const page = (await api('POST', '/pages', { body: { name: `Blog ${Math.random()}` } })).body.id as number;
    const slug = async (name: string) => (await api('POST', `/pages/${page}/categories`, { body: { name } })).body.slug;
    return { accented: await slug('é—è à«ê'), letters: await slug('a—b c«d'), digits: await slug('1—2'), renamed: await api('POST', '/pages', { body: { name: `ç·í ${Math.random()}` } }).then((a) => a.body.name_slug.slice(0, 3)) };
  },
  broken: (seen) => expect(seen).toEqual({ accented: 'ee-ae', letters: 'a-b-c-d', digits: '1-2', renamed: 'c-i' }),
  correct: (seen) => expect(seen).toEqual({ accented: 'e-e-a-e', letters: 'a-b-c-d', digits: '1-2', renamed: 'c-i' }),
});

add({
  fault: 'newsletter-name-slug-digit-accented-joined',
  what: "createNewsletter's name_slug must make a hyphen of a mark between a digit and an accented letter",
  observe: async ({ api }) => {
    const tag = Math.random().toString(36).slice(2, 8);
    const nameSlug = async (name: string) => (await api('POST', '/newsletters', { body: { name } })).body.name_slug;
    const renamed = (await api('POST', '/newsletters', { body: { name: `first ${tag}` } })).body.id as number;
    return {
      digitAccented: await nameSlug(`${tag} 2.é 5—ô`),
      digitLetter: await nameSlug(`${tag} 4.e 6—o`),
      rename: (await api('PATCH', `/newsletters/${renamed}`, { body: { name: `${tag} 3.à` } })).body.name_slug,
    };
  },
  broken: (seen) => expect(seen).toEqual({ digitAccented: expect.stringMatching(/-2e-5o$/), digitLetter: expect.stringMatching(/-4-e-6-o$/), rename: expect.stringMatching(/-3-a$/) }),
  correct: (seen) => expect(seen).toEqual({ digitAccented: expect.stringMatching(/-2-e-5-o$/), digitLetter: expect.stringMatching(/-4-e-6-o$/), rename: expect.stringMatching(/-3-a$/) }),
});

contrastFaults('separators beside accented letters and digits', cases);
