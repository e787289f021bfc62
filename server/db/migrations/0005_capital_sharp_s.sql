-- Name keys fold the capital sharp s (U+1E9E) to "ss" now, as full case folding does, where they
-- folded it to "ß" before (domain/names.ts). The keys of names that contain it are cleared here and
-- computed again as the database is opened (name-keys.ts); no other character folds differently.
UPDATE pages SET name_key = NULL WHERE instr(name, 'ẞ') > 0;
UPDATE newsletters SET name_key = NULL WHERE instr(name, 'ẞ') > 0;
