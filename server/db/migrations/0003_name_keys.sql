-- Names of pages and of newsletters are unique in a workspace by Unicode case folding, which
-- COLLATE NOCASE (ASCII letters only) cannot compare. The server keeps each name's folded form
-- (server/domain/names.ts) beside it, under a unique index, and fills it in for rows written
-- before this column existed (server/db/name-keys.ts). Rows whose key is still NULL do not collide.
ALTER TABLE pages ADD COLUMN name_key TEXT;
ALTER TABLE newsletters ADD COLUMN name_key TEXT;
CREATE UNIQUE INDEX pages_name_key ON pages (workspace_id, name_key);
CREATE UNIQUE INDEX newsletters_name_key ON newsletters (workspace_id, name_key);
