-- A leaner append_events, measured in docs/benchmarks.md ("The append against Emmett, where the time
-- goes"). Same guarantees as 0003: the writer lock first (before the transaction has an id, see
-- eventstore/src/writer-guard.ts), each stream's version checked against the expected one (-1: any, 0: no
-- stream yet, n: exactly n) and RM409 when it differs, a clash with a writer that got in between refused
-- by the unique key (the client retries), the answer recorded under its claim or RM410, and the wake-up
-- when a channel is given. What it leaves out: the window function and the sort that numbered each
-- stream's events (the client sends each event's offset in its stream), the set-returning result and its
-- row loop (it returns each stream's last version and last position as two arrays), and, for one event
-- (the usual append), the separate version query and the unnest: the check is in the insert's own
-- statement, and the version is read again only when the insert found the stream elsewhere.
-- The 9- and 13-argument forms of 0002 and 0003 stay for processes started before this migration.
CREATE FUNCTION append_events(
	p_channel text,
	p_streams text[],
	p_expected integer[],
	p_stream_of integer[],
	p_offsets integer[],
	p_types text[],
	p_schema_versions smallint[],
	p_data jsonb[],
	p_metadata jsonb[],
	p_created_at timestamptz[],
	p_answer_key text,
	p_answer_claim text,
	p_answer_status integer,
	p_answer_body jsonb,
	OUT last_versions integer[],
	OUT last_positions bigint[]
)
LANGUAGE plpgsql AS $$
DECLARE
	i integer;
	v_current integer;
	v_version integer;
	v_position bigint;
	v_bases integer[] := '{}';
	v_last bigint;
BEGIN
	PERFORM pg_advisory_xact_lock_shared(1380273481, hashtext(current_schema()));
	IF cardinality(p_types) = 1 THEN
		LOOP
			INSERT INTO events (stream_id, version, type, schema_version, data, metadata, created_at)
			SELECT p_streams[1], s.current + 1, p_types[1], p_schema_versions[1], p_data[1], p_metadata[1],
				coalesce(p_created_at[1], now())
			FROM (SELECT coalesce(max(e.version), 0) AS current FROM events e WHERE e.stream_id = p_streams[1]) s
			WHERE p_expected[1] < 0 OR s.current = p_expected[1]
			RETURNING events.version, events.position INTO v_version, v_position;
			EXIT WHEN FOUND;
			-- The stream is not where the caller expected; read it again to say where it is (a writer may
			-- have brought it to the expected version since the insert's snapshot: then try again).
			SELECT coalesce(max(e.version), 0) INTO v_current FROM events e WHERE e.stream_id = p_streams[1];
			IF v_current <> p_expected[1] THEN
				RAISE EXCEPTION USING
					ERRCODE = 'RM409',
					MESSAGE = format('stream %s is at version %s, expected %s', p_streams[1], v_current, p_expected[1]),
					DETAIL = json_build_object('stream', p_streams[1], 'actual', v_current)::text;
			END IF;
		END LOOP;
		last_versions := ARRAY[v_version];
		last_positions := ARRAY[v_position];
		v_last := v_position;
	ELSE
		FOR i IN 1 .. cardinality(p_streams) LOOP
			SELECT coalesce(max(e.version), 0) INTO v_current FROM events e WHERE e.stream_id = p_streams[i];
			IF p_expected[i] >= 0 AND v_current <> p_expected[i] THEN
				RAISE EXCEPTION USING
					ERRCODE = 'RM409',
					MESSAGE = format('stream %s is at version %s, expected %s', p_streams[i], v_current, p_expected[i]),
					DETAIL = json_build_object('stream', p_streams[i], 'actual', v_current)::text;
			END IF;
			v_bases := v_bases || v_current;
		END LOOP;
		-- Positions follow the events' order (ORDER BY r.ord); each stream's last event has its highest
		-- version and position.
		WITH inserted AS (
			INSERT INTO events (stream_id, version, type, schema_version, data, metadata, created_at)
			SELECT p_streams[r.s], v_bases[r.s] + r.o, r.t, r.sv, r.d, r.m, coalesce(r.c, now())
			FROM unnest(p_stream_of, p_offsets, p_types, p_schema_versions, p_data, p_metadata, p_created_at)
				WITH ORDINALITY AS r(s, o, t, sv, d, m, c, ord)
			ORDER BY r.ord
			RETURNING events.stream_id, events.version, events.position
		), per_stream AS (
			SELECT inserted.stream_id, max(inserted.version) AS version, max(inserted.position) AS position
			FROM inserted GROUP BY inserted.stream_id
		)
		SELECT array_agg(p.version ORDER BY w.n), array_agg(p.position ORDER BY w.n), max(p.position)
		INTO last_versions, last_positions, v_last
		FROM unnest(p_streams) WITH ORDINALITY AS w(stream_id, n)
		JOIN per_stream p ON p.stream_id = w.stream_id;
	END IF;
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
