import {
  NEWS_MSG,
  zAdminNewsListQuery,
  zNewsIdQuery,
  zNewsInput,
  zNewsListQuery,
  zNewsPreviewInput,
  zNewsPublish,
} from '@virality/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../http/auth';
import { replies } from '../../http/contracts';
import { ok } from '../../http/envelope';
import { imageUploadConfig, readImageUpload } from '../../http/image-upload';
import type { TNewsService } from './service';

const tags = ['News'];
const security = [{ accessToken: [] }];

/** The news room's public calls: no token, published articles whose date has come only. */
export const newsPublicRoutes =
  (news: TNewsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin/news/getAllFeatureNews',
      {
        schema: {
          tags,
          summary: 'The three newest public articles of each type (no token)',
          response: replies('GET /admin/news/getAllFeatureNews'),
        },
      },
      async () => ok(await news.featured()),
    );
    app.get(
      '/admin/news/getAllNews',
      {
        schema: {
          tags,
          summary: 'A page of public articles, by year and type, with every year that has news (no token)',
          querystring: zNewsListQuery,
          response: replies('GET /admin/news/getAllNews'),
        },
      },
      async (req) => ok(await news.page(req.query)),
    );
    app.get(
      '/admin/news/getNewsById',
      {
        schema: {
          tags,
          summary: "A public article (no token); 404 'No news found' for a draft, a scheduled one or none",
          querystring: zNewsIdQuery,
          response: replies('GET /admin/news/getNewsById'),
        },
      },
      async (req) => ok(await news.publicOne(req.query.newsId)),
    );
  };

/** The console's news calls: admins only (the guard answers 401 without a session, 403 to any other role). */
export const newsAdminRoutes =
  (news: TNewsService, guard: (req: FastifyRequest) => Promise<void>): FastifyPluginAsyncZod =>
  async (app) => {
    const onRequest = guard;
    app.get(
      '/admin/news/list',
      {
        onRequest,
        schema: {
          tags,
          security,
          summary: 'Every article, drafts too, newest changed first',
          querystring: zAdminNewsListQuery,
          response: replies('GET /admin/news/list'),
        },
      },
      async (req) => ok(await news.list(req.query)),
    );
    app.get(
      '/admin/news/get',
      {
        onRequest,
        schema: {
          tags,
          security,
          summary: 'One article, whatever its status',
          querystring: zNewsIdQuery,
          response: replies('GET /admin/news/get'),
        },
      },
      async (req) => ok(await news.get(req.query.newsId)),
    );
    app.post(
      '/admin/news/create',
      {
        onRequest,
        schema: {
          tags,
          security,
          summary: 'A new article (a draft)',
          body: zNewsInput,
          response: replies('POST /admin/news/create'),
        },
      },
      async (req) => ok(await news.create(authOf(req).userId, req.body), NEWS_MSG.created),
    );
    app.put(
      '/admin/news/update',
      {
        onRequest,
        schema: {
          tags,
          security,
          summary: 'Edit an article',
          querystring: zNewsIdQuery,
          body: zNewsInput,
          response: replies('PUT /admin/news/update'),
        },
      },
      async (req) => ok(await news.update(authOf(req).userId, req.query.newsId, req.body), NEWS_MSG.updated),
    );
    app.post(
      '/admin/news/publish',
      {
        onRequest,
        schema: {
          tags,
          security,
          summary: 'Publish an article from its date (a future date schedules it; none: now)',
          body: zNewsPublish,
          response: replies('POST /admin/news/publish'),
        },
      },
      async (req) => ok(await news.publish(authOf(req).userId, req.body.newsId), NEWS_MSG.published),
    );
    app.post(
      '/admin/news/unpublish',
      {
        onRequest,
        schema: {
          tags,
          security,
          summary: 'Take an article back to a draft',
          body: zNewsPublish,
          response: replies('POST /admin/news/unpublish'),
        },
      },
      async (req) => ok(await news.unpublish(authOf(req).userId, req.body.newsId), NEWS_MSG.unpublished),
    );
    app.delete(
      '/admin/news/delete',
      {
        onRequest,
        schema: {
          tags,
          security,
          summary: 'Delete an article',
          querystring: zNewsIdQuery,
          response: replies('DELETE /admin/news/delete'),
        },
      },
      async (req) => {
        await news.remove(authOf(req).userId, req.query.newsId);
        return ok(null, NEWS_MSG.deleted);
      },
    );
    app.post(
      '/admin/news/preview',
      {
        onRequest,
        schema: {
          tags,
          security,
          summary: 'The description as the news room would show it (sanitized) and its read time; nothing is kept',
          body: zNewsPreviewInput,
          response: replies('POST /admin/news/preview'),
        },
      },
      async (req) => ok(news.preview(req.body.description)),
    );
    app.post(
      '/admin/news/uploadImage',
      {
        onRequest,
        config: imageUploadConfig,
        schema: {
          tags,
          security,
          summary: 'Upload a cover or author picture (multipart `file`, ≤ 2 MB, JPEG, PNG, WebP or SVG)',
          response: replies('POST /admin/news/uploadImage'),
        },
      },
      async (req) => {
        const { bytes, ext, mime } = await readImageUpload(req);
        return ok({ url: await news.uploadImage(bytes, ext, mime) }, NEWS_MSG.imageUploaded);
      },
    );
  };
