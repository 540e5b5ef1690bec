import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TDatabase } from '../db/client';
import { replies } from './contracts';

/** How long one check may take before it counts as not answering. */
const CHECK_MS = 2000;

/** The words of a process that must not take traffic yet, by its first failing check. */
export const NOT_READY = {
  database: 'The database does not answer',
  migrations: 'The database is missing migrations this version needs',
  jobs: 'The job queue does not run in this process',
} as const;

type TReadiness = {
  database: 'ok' | 'unreachable';
  migrations: 'current' | 'pending' | 'unknown';
  jobs: 'running' | 'stopped' | 'not run here';
};

const within = <T>(work: Promise<T>, ms = CHECK_MS): Promise<T> =>
  Promise.race([
    work,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref()),
  ]);

/**
 * Whether this process may take traffic: the database answers, every migration this version carries is applied,
 * and, in a process that runs jobs, its queue answers. Each check is read afresh (a database that went away and came
 * back is ready again at once, with no restart), and none waits longer than CHECK_MS.
 */
export async function readiness(deps: {
  database: TDatabase;
  /** null: this process does not run jobs */
  jobs: { running: () => boolean; answers: () => Promise<unknown> } | null;
}): Promise<{ ready: boolean; message: string; checks: TReadiness }> {
  const checks: TReadiness = { database: 'unreachable', migrations: 'unknown', jobs: 'not run here' };
  try {
    await within(deps.database.db.execute('select 1'));
    checks.database = 'ok';
    checks.migrations = (await within(deps.database.pendingMigrations())) === 0 ? 'current' : 'pending';
  } catch {
    // the database did not answer: its migrations cannot be read either
  }
  if (deps.jobs) {
    checks.jobs = 'stopped';
    if (deps.jobs.running()) {
      try {
        await within(deps.jobs.answers());
        checks.jobs = 'running';
      } catch {
        // its queue does not answer
      }
    }
  }
  const failing =
    checks.database !== 'ok'
      ? NOT_READY.database
      : checks.migrations !== 'current'
        ? NOT_READY.migrations
        : checks.jobs === 'stopped'
          ? NOT_READY.jobs
          : null;
  return { ready: failing === null, message: failing ?? 'ready', checks };
}

/** The answer to GET /api/ready for a readiness read: 200 with the checks, or 503 naming the first that fails. */
export function readinessAnswer(r: Awaited<ReturnType<typeof readiness>>) {
  return r.ready
    ? { status: 200 as const, body: { status: true as const, message: r.message, response: r.checks } }
    : {
        status: 503 as const,
        body: { status: false as const, message: r.message, response: r.checks, code: 'UNAVAILABLE' as const },
      };
}

/** The job queue's check of a process that runs jobs: its workers run, and its queue answers. */
export const jobsCheck = (c: { jobsRunning: () => boolean; jobs: { queuedCounts: () => Promise<unknown> } }) => ({
  running: c.jobsRunning,
  answers: () => c.jobs.queuedCounts(),
});

const zNotReady = z.object({
  status: z.literal(false),
  message: z.string(),
  response: z.object({
    database: z.enum(['ok', 'unreachable']),
    migrations: z.enum(['current', 'pending', 'unknown']),
    jobs: z.enum(['running', 'stopped', 'not run here']),
  }),
  code: z.literal('UNAVAILABLE'),
});

/** GET /api/ready: 200 when this process may take traffic, else 503 with the reason in words (the load balancer's check). */
export function registerReadiness(api: FastifyInstance, deps: Parameters<typeof readiness>[0]): void {
  api.get(
    '/ready',
    {
      schema: {
        tags: ['Health'],
        summary: 'Readiness: the database answers, the migrations are current, the job queue runs here',
        description: '503 with the first failing check in words. /api/health stays the liveness check.',
        response: { ...replies('GET /ready'), 503: zNotReady },
      },
    },
    async (_req, reply) => {
      const answer = readinessAnswer(await readiness(deps));
      reply.header('cache-control', 'no-store');
      if (answer.status === 503) return reply.status(503).send(answer.body);
      return answer.body;
    },
  );
}
