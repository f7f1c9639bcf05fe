-- An idempotent command's answer is recorded by the append itself, so the keyed path is one statement
-- too (no begin, update, commit around it). The new append_events takes the answer's key, claim, status
-- and body; after the insert it records the body with the position of the transaction's last event added
-- as "position" (text), under the claim, and raises SQLSTATE RM410 when the claim is no longer held or
-- the key was answered already (ClaimLostError), which rolls the events back with it. Without a key it is
-- the append of 0002. The nine-argument form of 0002 stays for processes started before this migration
-- and now calls this one, so there is one body.
CREATE FUNCTION append_events(
	p_channel text,
	p_streams text[],
	p_expected integer[],
	p_stream_of integer[],
	p_types text[],
	p_schema_versions smallint[],
	p_data jsonb[],
	p_metadata jsonb[],
	p_created_at timestamptz[],
	p_answer_key text,
	p_answer_claim text,
	p_answer_status integer,
	p_answer_body jsonb
) RETURNS TABLE(appended_stream text, appended_version integer, appended_position bigint)
LANGUAGE plpgsql AS $$
DECLARE
	i integer;
	v_current integer;
	v_bases integer[] := '{}';
	v_last bigint := 0;
BEGIN
	PERFORM pg_advisory_xact_lock_shared(1380273481, hashtext(current_schema()));
	FOR i IN 1 .. array_length(p_streams, 1) LOOP
		SELECT coalesce(max(e.version), 0) INTO v_current FROM events e WHERE e.stream_id = p_streams[i];
		IF p_expected[i] >= 0 AND v_current <> p_expected[i] THEN
			RAISE EXCEPTION USING
				ERRCODE = 'RM409',
				MESSAGE = format('stream %s is at version %s, expected %s', p_streams[i], v_current, p_expected[i]),
				DETAIL = json_build_object('stream', p_streams[i], 'actual', v_current)::text;
		END IF;
		v_bases := v_bases || v_current;
	END LOOP;
	FOR appended_stream, appended_version, appended_position IN
		WITH inserted AS (
			INSERT INTO events (stream_id, version, type, schema_version, data, metadata, created_at)
			SELECT p_streams[r.s], v_bases[r.s] + (row_number() OVER (PARTITION BY r.s ORDER BY r.ord))::integer,
				r.t, r.sv, r.d, r.m, coalesce(r.c, now())
			FROM unnest(p_stream_of, p_types, p_schema_versions, p_data, p_metadata, p_created_at)
				WITH ORDINALITY AS r(s, t, sv, d, m, c, ord)
			ORDER BY r.ord
			RETURNING events.stream_id, events.version, events.position
		)
		SELECT inserted.stream_id, inserted.version, inserted.position FROM inserted
	LOOP
		v_last := greatest(v_last, appended_position);
		RETURN NEXT;
	END LOOP;
	IF p_answer_key IS NOT NULL THEN
		UPDATE command_answers a
			SET status = p_answer_status,
				body = p_answer_body || jsonb_build_object('position', v_last::text),
				answered_at = now()
			WHERE a.key = p_answer_key AND a.claim = p_answer_claim AND a.answered_at IS NULL;
		IF NOT FOUND THEN
			RAISE EXCEPTION USING
				ERRCODE = 'RM410',
				MESSAGE = format('the claim on command %s was lost', p_answer_key);
		END IF;
	END IF;
	IF p_channel IS NOT NULL THEN
		PERFORM pg_notify(p_channel, '');
	END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION append_events(
	p_channel text,
	p_streams text[],
	p_expected integer[],
	p_stream_of integer[],
	p_types text[],
	p_schema_versions smallint[],
	p_data jsonb[],
	p_metadata jsonb[],
	p_created_at timestamptz[]
) RETURNS TABLE(appended_stream text, appended_version integer, appended_position bigint)
LANGUAGE sql AS $$
	SELECT * FROM append_events(p_channel, p_streams, p_expected, p_stream_of, p_types, p_schema_versions,
		p_data, p_metadata, p_created_at, NULL, NULL, NULL, NULL)
$$;
