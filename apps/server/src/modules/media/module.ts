import type { TModule } from '../../container';
import { createMediaRepository } from './repository';
import { mediaRoutes } from './routes';
import { createMediaService, MEDIA_UPLOAD_LIMITS, type TMediaLimits, type TMediaService } from './service';

declare module '../../container' {
  interface TServices {
    media: TMediaService;
  }
}

/** The media module with other size limits (tests lower them rather than send 100 MB). */
export const mediaModuleWith = (limits: TMediaLimits): TModule => ({
  name: 'media',
  services: ({ db, storage, clock, log }) => ({
    media: createMediaService({ repo: createMediaRepository(db), storage, clock, log, limits }),
  }),
  routes: ({ services }) => [mediaRoutes(services.media)],
});

/** Media for posts: uploads read for what they are, stored, and resolved by address when a post is made. */
export const mediaModule: TModule = mediaModuleWith(MEDIA_UPLOAD_LIMITS);
