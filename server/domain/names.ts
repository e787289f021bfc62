/**
 * When two names of pages or of newsletters are the same name: compared by Unicode case folding,
 * full folding rather than simple, after NFKC normalisation. So `Ärger Blog`, `ärger blog` and
 * `ÄRGER BLOG` are one name, and so are `Straße` and `STRASSE`, `ﬁne` and `fine`, a full-width
 * `Ｂｌｏｇ` and `Blog`, and an `é` written as one character or as `e` and a combining accent.
 *
 * JavaScript has no case-folding function; upper case then lower case gives full case folding
 * (`ß` → `SS` → `ss`, final `ς` → `Σ` → `σ`) but for the Turkish dotless `ı`, which it also
 * matches with `i`. Once is not enough for the capital sharp s `ẞ` (U+1E9E), whose upper case is
 * itself and whose lower case is `ß`: a second round folds that to `ss`, as CaseFolding.txt does.
 * Over every code point, the second round changes nothing else (migration 0005 re-keys old names).
 */
const caseRound = (text: string) => text.toUpperCase().toLowerCase();

export function nameKey(name: string): string {
  return caseRound(caseRound(name.normalize('NFKC'))).normalize('NFKC');
}
