-- A change counter beside each email count. It moves whenever an email joins or leaves a list of its
-- newsletter (created, deleted, moved to another status) or changes place in it, so positions the
-- server remembers in a long list (server/store/list-positions.ts) are known to be stale.
ALTER TABLE email_counts ADD COLUMN changes INTEGER NOT NULL DEFAULT 0;

DROP TRIGGER email_counts_insert;
DROP TRIGGER email_counts_delete;
DROP TRIGGER email_counts_status;

CREATE TRIGGER email_counts_insert AFTER INSERT ON emails BEGIN
  INSERT INTO email_counts (newsletter_id, status, count, changes) VALUES (NEW.newsletter_id, NEW.status, 1, 1)
    ON CONFLICT (newsletter_id, status) DO UPDATE SET count = count + 1, changes = changes + 1;
END;
CREATE TRIGGER email_counts_delete AFTER DELETE ON emails BEGIN
  UPDATE email_counts SET count = count - 1, changes = changes + 1
    WHERE newsletter_id = OLD.newsletter_id AND status = OLD.status;
END;
CREATE TRIGGER email_counts_status AFTER UPDATE OF status ON emails WHEN OLD.status <> NEW.status BEGIN
  UPDATE email_counts SET count = count - 1, changes = changes + 1
    WHERE newsletter_id = OLD.newsletter_id AND status = OLD.status;
  INSERT INTO email_counts (newsletter_id, status, count, changes) VALUES (NEW.newsletter_id, NEW.status, 1, 1)
    ON CONFLICT (newsletter_id, status) DO UPDATE SET count = count + 1, changes = changes + 1;
END;
-- The API never changes when an email was created; should anything else do it, the email's lists
-- are marked changed all the same.
CREATE TRIGGER email_counts_order AFTER UPDATE OF created_at ON emails WHEN OLD.created_at <> NEW.created_at BEGIN
  UPDATE email_counts SET changes = changes + 1 WHERE newsletter_id = NEW.newsletter_id AND status = NEW.status;
END;
