-- Access tokens name their session (refresh family); each request asks whether it was revoked.
CREATE INDEX "refresh_tokens_revoked_family_idx" ON "refresh_tokens" USING btree ("family_id") WHERE "refresh_tokens"."revoked_at" is not null;--> statement-breakpoint
-- Sessions that end close their sockets (issue 14): whatever statement disables a user, takes a super
-- admin's rights, revokes refresh tokens (logout, password reset, disabling, a stolen refresh token) or
-- removes a membership tells every API process on the 'paylane_access' channel, on commit. The payload names
-- users only (up to 100 per notification, under NOTIFY's 8000 bytes); each process checks its sockets of
-- those users against the database again (modules/live/live-sessions.ts), so a notice never has to say why.
CREATE FUNCTION paylane_notify_access(user_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  total int := coalesce(array_length(user_ids, 1), 0);
BEGIN
  FOR i IN 0 .. total - 1 BY 100 LOOP
    PERFORM pg_notify('paylane_access', json_build_object('u', user_ids[i + 1 : i + 100])::text);
  END LOOP;
END $$;--> statement-breakpoint
CREATE FUNCTION users_notify_access_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM paylane_notify_access(ARRAY(SELECT o.id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.is_active AND NOT n.is_active) OR (o.is_super_admin AND NOT n.is_super_admin)));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION users_notify_access_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM paylane_notify_access(ARRAY(SELECT id FROM old_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION refresh_tokens_notify_access() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM paylane_notify_access(ARRAY(SELECT DISTINCT n.user_id FROM new_rows n JOIN old_rows o ON o.jti = n.jti
      WHERE o.revoked_at IS NULL AND n.revoked_at IS NOT NULL));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION memberships_notify_access_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM paylane_notify_access(ARRAY(SELECT DISTINCT user_id FROM old_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION memberships_notify_access_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM paylane_notify_access(ARRAY(SELECT DISTINCT o.user_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.user_id, o.merchant_id) IS DISTINCT FROM (n.user_id, n.merchant_id)));
  RETURN NULL;
END $$;--> statement-breakpoint
-- Transition tables rule out a column list (AFTER UPDATE OF ...): every update statement runs the function,
-- which joins the statement's own rows only (a login's last_login_at, a refresh's spent_at: one row each).
CREATE TRIGGER users_access_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_notify_access_update();--> statement-breakpoint
CREATE TRIGGER users_access_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_notify_access_delete();--> statement-breakpoint
CREATE TRIGGER refresh_tokens_access_update AFTER UPDATE ON refresh_tokens
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_tokens_notify_access();--> statement-breakpoint
CREATE TRIGGER memberships_access_delete AFTER DELETE ON memberships REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION memberships_notify_access_delete();--> statement-breakpoint
CREATE TRIGGER memberships_access_update AFTER UPDATE ON memberships
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION memberships_notify_access_update();
