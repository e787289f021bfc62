-- Every id is AUTOINCREMENT: an id is never given again after its row is deleted, so an old URL
-- never reaches a new resource and repeating a DELETE never removes something else.

-- Workspaces and the tokens that act for them. Tokens are stored as SHA-256 hashes only.
CREATE TABLE workspaces (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  name        TEXT NOT NULL,
  created_at  TEXT NOT NULL
);

CREATE TABLE api_tokens (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  workspace_id  INTEGER NOT NULL REFERENCES workspaces (id),
  token_hash    TEXT NOT NULL UNIQUE,
  label         TEXT NOT NULL,
  created_at    TEXT NOT NULL,
  revoked_at    TEXT
);

CREATE TABLE authors (
  id                 INTEGER PRIMARY KEY AUTOINCREMENT,
  workspace_id       INTEGER NOT NULL REFERENCES workspaces (id),
  first_name         TEXT NOT NULL,
  last_name          TEXT,
  email              TEXT NOT NULL,
  position           TEXT,
  short_description  TEXT,
  long_description   TEXT,
  slug               TEXT NOT NULL,
  active             INTEGER NOT NULL DEFAULT 1,
  avatar             TEXT,
  created_at         TEXT NOT NULL,
  updated_at         TEXT NOT NULL,
  UNIQUE (workspace_id, slug)
);
CREATE INDEX authors_list ON authors (workspace_id, active, created_at DESC, id DESC);

-- Pages. Names are unique in a workspace regardless of letter case; domains across all workspaces.
CREATE TABLE pages (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  workspace_id  INTEGER NOT NULL REFERENCES workspaces (id),
  name          TEXT NOT NULL COLLATE NOCASE,
  slug          TEXT NOT NULL,
  name_slug     TEXT NOT NULL,
  domain        TEXT NOT NULL UNIQUE,
  created_at    TEXT NOT NULL,
  updated_at    TEXT NOT NULL,
  UNIQUE (workspace_id, name),
  UNIQUE (workspace_id, slug),
  UNIQUE (workspace_id, name_slug)
);
CREATE INDEX pages_list ON pages (workspace_id, created_at DESC, id DESC);

CREATE TABLE categories (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  page_id      INTEGER NOT NULL REFERENCES pages (id),
  name         TEXT NOT NULL,
  slug         TEXT NOT NULL,
  description  TEXT,
  color        TEXT,
  created_at   TEXT NOT NULL,
  updated_at   TEXT NOT NULL,
  UNIQUE (page_id, slug)
);
CREATE INDEX categories_list ON categories (page_id, created_at DESC, id DESC);

CREATE TABLE posts (
  id                  INTEGER PRIMARY KEY AUTOINCREMENT,
  page_id             INTEGER NOT NULL REFERENCES pages (id),
  title               TEXT NOT NULL,
  slug                TEXT NOT NULL,
  status              TEXT NOT NULL CHECK (status IN ('draft', 'published', 'scheduled')),
  description         TEXT,
  content_html        TEXT,
  content_md          TEXT,
  seo_title           TEXT,
  seo_description     TEXT,
  og_title            TEXT,
  og_description      TEXT,
  cover_image_url     TEXT,
  og_image_url        TEXT,
  category_id         INTEGER REFERENCES categories (id) ON DELETE SET NULL,
  author_id           INTEGER REFERENCES authors (id),
  scheduled_at        TEXT,
  first_published_at  TEXT,
  created_at          TEXT NOT NULL,
  updated_at          TEXT NOT NULL,
  UNIQUE (page_id, slug)
);
CREATE INDEX posts_list ON posts (page_id, created_at DESC, id DESC);
CREATE INDEX posts_by_status ON posts (page_id, status, created_at DESC, id DESC);
CREATE INDEX posts_by_category ON posts (category_id);

CREATE TABLE newsletters (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  workspace_id  INTEGER NOT NULL REFERENCES workspaces (id),
  name          TEXT NOT NULL COLLATE NOCASE,
  name_slug     TEXT NOT NULL,
  created_at    TEXT NOT NULL,
  updated_at    TEXT NOT NULL,
  UNIQUE (workspace_id, name),
  UNIQUE (workspace_id, name_slug)
);
CREATE INDEX newsletters_list ON newsletters (workspace_id, created_at DESC, id DESC);

-- delivery_started_at marks the moment the worker took the email's audience; from then on the
-- email is being delivered and a send request is a conflict.
CREATE TABLE emails (
  id                   INTEGER PRIMARY KEY AUTOINCREMENT,
  newsletter_id        INTEGER NOT NULL REFERENCES newsletters (id),
  subject              TEXT NOT NULL,
  preview              TEXT,
  slug                 TEXT NOT NULL,
  status               TEXT NOT NULL CHECK (status IN ('draft', 'scheduled', 'sent', 'failed')),
  content_html         TEXT,
  content_md           TEXT,
  content_json         TEXT,
  author_id            INTEGER REFERENCES authors (id),
  scheduled_at         TEXT,
  sent_at              TEXT,
  delivery_started_at  TEXT,
  created_at           TEXT NOT NULL,
  updated_at           TEXT NOT NULL,
  UNIQUE (newsletter_id, slug)
);
CREATE INDEX emails_list ON emails (newsletter_id, created_at DESC, id DESC);
CREATE INDEX emails_by_status ON emails (newsletter_id, status, created_at DESC, id DESC);
CREATE INDEX emails_due ON emails (status, scheduled_at);

-- Email counts per newsletter and status, kept by triggers, so a list's total costs one lookup
-- however many emails a newsletter has.
CREATE TABLE email_counts (
  newsletter_id  INTEGER NOT NULL,
  status         TEXT NOT NULL,
  count          INTEGER NOT NULL,
  PRIMARY KEY (newsletter_id, status)
) WITHOUT ROWID;

CREATE TRIGGER email_counts_insert AFTER INSERT ON emails BEGIN
  INSERT INTO email_counts (newsletter_id, status, count) VALUES (NEW.newsletter_id, NEW.status, 1)
    ON CONFLICT (newsletter_id, status) DO UPDATE SET count = count + 1;
END;
CREATE TRIGGER email_counts_delete AFTER DELETE ON emails BEGIN
  UPDATE email_counts SET count = count - 1 WHERE newsletter_id = OLD.newsletter_id AND status = OLD.status;
END;
CREATE TRIGGER email_counts_status AFTER UPDATE OF status ON emails WHEN OLD.status <> NEW.status BEGIN
  UPDATE email_counts SET count = count - 1 WHERE newsletter_id = OLD.newsletter_id AND status = OLD.status;
  INSERT INTO email_counts (newsletter_id, status, count) VALUES (NEW.newsletter_id, NEW.status, 1)
    ON CONFLICT (newsletter_id, status) DO UPDATE SET count = count + 1;
END;

-- One subscriber per address and newsletter: the unique key is what makes concurrent upserts safe.
CREATE TABLE subscribers (
  id             INTEGER PRIMARY KEY AUTOINCREMENT,
  newsletter_id  INTEGER NOT NULL REFERENCES newsletters (id),
  email          TEXT NOT NULL,
  verified       INTEGER NOT NULL,
  active         INTEGER NOT NULL,
  status         TEXT NOT NULL CHECK (status IN ('pending', 'active', 'suppressed')),
  verified_at    TEXT,
  created_at     TEXT NOT NULL,
  updated_at     TEXT NOT NULL,
  UNIQUE (newsletter_id, email)
);
CREATE INDEX subscribers_list ON subscribers (newsletter_id, created_at DESC, id DESC);
CREATE INDEX subscribers_audience ON subscribers (newsletter_id, active, verified);

-- The audience of an email, fixed when delivery starts: one row per recipient, so a restart
-- resumes with the rows still pending and nobody is sent the email twice.
CREATE TABLE email_deliveries (
  email_id       INTEGER NOT NULL REFERENCES emails (id) ON DELETE CASCADE,
  subscriber_id  INTEGER NOT NULL,
  address        TEXT NOT NULL,
  status         TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'failed')),
  error          TEXT,
  sent_at        TEXT,
  PRIMARY KEY (email_id, subscriber_id)
) WITHOUT ROWID;
CREATE INDEX email_deliveries_pending ON email_deliveries (email_id, status);

-- The local mail transport: messages written here instead of sent over SMTP, in the same
-- transaction that marks their delivery done.
CREATE TABLE outbox (
  id             INTEGER PRIMARY KEY AUTOINCREMENT,
  email_id       INTEGER NOT NULL,
  subscriber_id  INTEGER NOT NULL,
  message_id     TEXT NOT NULL,
  from_address   TEXT NOT NULL,
  to_address     TEXT NOT NULL,
  subject        TEXT NOT NULL,
  html           TEXT NOT NULL,
  created_at     TEXT NOT NULL,
  UNIQUE (email_id, subscriber_id)
);
