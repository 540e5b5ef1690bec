import path from 'node:path';
import { defineJob } from '../../jobs/registry';
import type { TModule } from '../../module-types';
import { createMediaConverter, type TMediaConverter } from './convert';
import { createMediaRepository } from './repository';
import { mediaRoutes } from './routes';
import { createMediaService, MEDIA_UPLOAD_LIMITS, type TMediaLimits, type TMediaService } from './service';

declare module '../../module-types' {
  interface TServices {
    media: TMediaService;
    /** A post's photos made fit for one network before they are sent (JPEG, re-encoded under its limit). */
    mediaConverter: TMediaConverter;
  }
}

/** The folder uploads are written to as they arrive: in the data folder, beside (never inside) the served uploads. */
export const spoolDirOf = (dataDir: string) => path.join(dataDir, 'upload-spool');

/** The media module with other size limits (tests lower them rather than send 100 MB). */
export const mediaModuleWith = (limits: TMediaLimits): TModule => ({
  name: 'media',
  services: ({ db, storage, clock, log, config, services, fetch }) => {
    const repo = createMediaRepository(db);
    return {
      media: createMediaService({
        repo,
        storage,
        clock,
        log,
        limits,
        spoolDir: spoolDirOf(config.dataDir),
        planTypeOf: async (ownerId) => (await services.subscriptions.detailsFor(ownerId))?.planType ?? null,
        permissionsOf: (user) => services.team.permissionsOf(user),
      }),
      mediaConverter: createMediaConverter({
        storage,
        fetch,
        keyOf: (url) => repo.keyOfUrl(url),
        workDir: spoolDirOf(config.dataDir),
        maxSourceBytes: limits.imageBytes,
      }),
    };
  },
  routes: ({ services }) => [mediaRoutes(services.media)],
  jobs: ({ services, log }) => [
    // Daily at 04:41 (UTC): uploads no post names a day after they were made, and what uploads left behind.
    defineJob({
      queue: 'sweep-unreferenced-media',
      policy: 'stately',
      cron: '41 4 * * *',
      async handle() {
        const removed = await services.media.sweep();
        log.info({ removed: removed.length }, 'sweep-unreferenced-media done');
      },
    }),
  ],
});

/** Media for posts: uploads read for what they are, stored, and resolved by address when a post is made. */
export const mediaModule: TModule = mediaModuleWith(MEDIA_UPLOAD_LIMITS);
