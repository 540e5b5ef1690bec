import type pg from 'pg';

/**
 * Seeds `count` posts for one organization straight into PostgreSQL (generate_series: seconds, not the API's
 * minutes), spread evenly over a year around `now`: those before `now` went out on X and Facebook (published
 * targets, postedAt), those after are scheduled and not yet out; one in 50 is paused. Then VACUUM ANALYZE, so the
 * planner knows the tables as a long-running database would.
 */
export async function seedPosts(pool: pg.Pool, o: { orgId: string; userId: string; count: number; now: Date }) {
  const yearMs = 365 * 86_400_000;
  const from = new Date(o.now.getTime() - 0.75 * yearMs);
  const media = JSON.stringify([
    {
      mediaId: 'bench-media',
      url: 'https://example.com/uploads/bench.jpg',
      name: 'bench.jpg',
      kind: 'image',
      mimeType: 'image/jpeg',
      bytes: 120_000,
      width: 1080,
      height: 1080,
      durationSec: null,
    },
  ]);
  // each post's moment: from + i steps; out (posted) before now, scheduled after
  await pool.query(
    `INSERT INTO posts (id, org_id, user_id, post_type, format, caption, media, is_draft, is_scheduled, is_paused,
       is_active, is_post_done, scheduled_at, posted_at, settled_at, counted, created_at, updated_at)
     SELECT 'bp' || i, $1, $2, 'IMAGE', 'post', 'Bench post ' || i, $3::jsonb, false, at > $5, at > $5 AND i % 50 = 0,
       true, at <= $5, at, CASE WHEN at <= $5 THEN at END, CASE WHEN at <= $5 THEN at END, true, at - interval '1 day', at
     FROM (SELECT i, $4::timestamptz + (i * ($6::bigint / $7::bigint)) * interval '1 millisecond' AS at
           FROM generate_series(1, $7::int) AS i) s`,
    [o.orgId, o.userId, media, from.toISOString(), o.now.toISOString(), yearMs, o.count],
  );
  await pool.query(
    `INSERT INTO post_targets (id, post_id, org_id, network, account_name, format, state, due_at, published_at,
       remote_post_id, created_at, updated_at)
     SELECT 'bt' || n.network || p.id, p.id, p.org_id, n.network, 'Bench ' || n.network, 'post',
       CASE WHEN p.is_post_done THEN 'published' WHEN p.is_paused THEN 'paused' ELSE 'scheduled' END,
       p.scheduled_at, p.posted_at, CASE WHEN p.is_post_done THEN 'r' || p.id END, p.created_at, p.updated_at
     FROM posts p CROSS JOIN (VALUES ('twitter'), ('facebook')) AS n(network)
     WHERE p.org_id = $1`,
    [o.orgId],
  );
  await pool.query('VACUUM ANALYZE posts');
  await pool.query('VACUUM ANALYZE post_targets');
}

/** The plan PostgreSQL picks for a query, with what it cost (EXPLAIN ANALYZE). */
export async function explain(pool: pg.Pool, sql: string, params: unknown[]): Promise<string> {
  const r = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`, params);
  return r.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n');
}
