-- One append is one call: the writer lock (before the transaction has an id, see
-- eventstore/src/writer-guard.ts), every stream's current version checked against the expected one
-- (-1: any, 0: no stream yet, n: exactly n), the events inserted with their versions, and the wake-up.
-- A clash with a writer that got there between the check and the insert is refused by the unique key.
-- The wake-up (NOTIFY on p_channel) only when a channel is given: PostgreSQL serialises the commits
-- of notifying transactions (one lock, held through the commit's WAL flush), so on a server the
-- append leaves it out and its process notifies after commit (eventstore/src/notifier.ts).
CREATE FUNCTION append_events(
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
LANGUAGE plpgsql AS $$
DECLARE
	i integer;
	v_current integer;
	v_bases integer[] := '{}';
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
	RETURN QUERY
	WITH inserted AS (
		INSERT INTO events (stream_id, version, type, schema_version, data, metadata, created_at)
		SELECT p_streams[r.s], v_bases[r.s] + (row_number() OVER (PARTITION BY r.s ORDER BY r.ord))::integer,
			r.t, r.sv, r.d, r.m, coalesce(r.c, now())
		FROM unnest(p_stream_of, p_types, p_schema_versions, p_data, p_metadata, p_created_at)
			WITH ORDINALITY AS r(s, t, sv, d, m, c, ord)
		ORDER BY r.ord
		RETURNING events.stream_id, events.version, events.position
	)
	SELECT inserted.stream_id, inserted.version, inserted.position FROM inserted;
	IF p_channel IS NOT NULL THEN
		PERFORM pg_notify(p_channel, '');
	END IF;
END
$$;
