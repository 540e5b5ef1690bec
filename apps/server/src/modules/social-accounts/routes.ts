import {
  SOCIAL_MSG,
  socialNetwork,
  zAddAccountBody,
  zLinkablePage,
  zLoginUrl,
  zLoginUrlQuery,
  zPrivacyOptions,
  zPrivacyOptionsBody,
  zSavePagesBody,
  zSocialAccount,
  zSocialAccountsBody,
  zSocialLinkBody,
  zSphOk,
  zYouTubeCategories,
  zYouTubeCategoriesBody,
} from '@virality/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../errors';
import { authOf, requireAuth } from '../../http/auth';
import { replies } from '../../http/contracts';
import { ok, sphOk } from '../../http/envelope';
import type { TSocialAccountsService } from './service';

const security = [{ accessToken: [] }];
const guarded = { onRequest: requireAuth };

/** The consent's answer as an add-account body carries it (the spec's `Code`, or `code`). */
const consentOf = (b: z.infer<typeof zAddAccountBody>) => ({
  state: b.State ?? b.state ?? null,
  consent: { code: b.Code ?? b.code ?? null, oauthToken: null, oauthVerifier: null },
  ids: { OrgID: b.OrgID, UserID: b.UserID },
});

/**
 * A network whose pages are chosen after consent: its login-url, its pages-list call (the consent's pages, under
 * the spec's key) and its save call, at the documented paths.
 */
const PAGE_NETWORKS = [
  {
    key: 'facebook',
    label: 'Facebook',
    loginUrl: '/facebook/fb_login/',
    list: '/facebook/fb_pages_list/',
    listKey: 'FacebookPages',
    save: '/facebook/save_fb_details/',
  },
  {
    key: 'instagram',
    label: 'Instagram',
    loginUrl: '/instagram/ig-login-url',
    list: '/instagram/ig-accounts-list/',
    listKey: 'Instagram_account',
    save: '/instagram/save-ig-details/',
  },
] as const;

/** The social-posting API's account calls (under /sph): linking, the list, unlinking, and TikTok's privacy options. */
export const socialSphRoutes =
  (social: TSocialAccountsService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['Social accounts'];

    app.get(
      '/tiktok/login-url/',
      {
        ...guarded,
        schema: {
          tags,
          security,
          summary: "TikTok's consent page for the caller (the address itself, as TikTok's call returns it)",
          querystring: zLoginUrlQuery,
          response: { 200: zSphOk(z.string()) },
        },
      },
      async (req) => sphOk(await social.loginUrl(authOf(req), 'tiktok', req.query.origin)),
    );

    app.post(
      '/tiktok/add-account/',
      {
        ...guarded,
        schema: {
          tags,
          security,
          summary: "Link the TikTok account the consent page returned (Code and State from the return page's address)",
          body: zAddAccountBody,
          response: { 200: zSphOk(zSocialAccount) },
        },
      },
      async (req) => {
        const { account } = await social.addAccount(authOf(req), 'tiktok', consentOf(req.body));
        return sphOk(account, SOCIAL_MSG.accountAdded('TikTok'));
      },
    );

    app.post(
      '/tiktok/user-privacy-options/',
      {
        ...guarded,
        schema: {
          tags,
          security,
          summary: 'The privacy levels a linked TikTok account may post with',
          body: zPrivacyOptionsBody,
          response: { 200: zSphOk(zPrivacyOptions) },
        },
      },
      async (req) => sphOk({ privacy_level_options: await social.tiktokPrivacyOptions(authOf(req), req.body.UserSocialMediaID) }),
    );

    app.get(
      '/getYTLoginUrl/',
      {
        ...guarded,
        schema: {
          tags,
          security,
          summary: "Google's consent page for the caller's YouTube channel",
          querystring: zLoginUrlQuery,
          response: { 200: zSphOk(zLoginUrl) },
        },
      },
      async (req) => sphOk({ url: await social.loginUrl(authOf(req), 'youtube', req.query.origin) }),
    );

    app.post(
      '/add_yt_account/',
      {
        ...guarded,
        schema: {
          tags,
          security,
          summary: "Link the YouTube channel the consent page returned (Code and State from the return page's address)",
          body: zAddAccountBody,
          response: { 200: zSphOk(zSocialAccount) },
        },
      },
      async (req) => {
        const { account } = await social.addAccount(authOf(req), 'youtube', consentOf(req.body));
        return sphOk(account, SOCIAL_MSG.accountAdded('YouTube'));
      },
    );

    app.post(
      '/youtube/yt_category_list/',
      {
        ...guarded,
        schema: {
          tags,
          security,
          summary: "YouTube's assignable video categories in a region",
          body: zYouTubeCategoriesBody,
          response: { 200: zSphOk(zYouTubeCategories) },
        },
      },
      async (req) => sphOk(await social.youtubeCategories(authOf(req), req.body.RegionCode, req.body.UserSocialMediaID)),
    );

    for (const n of PAGE_NETWORKS) {
      app.get(
        n.loginUrl,
        {
          ...guarded,
          schema: {
            tags,
            security,
            summary: `${n.label}'s consent page for the caller`,
            querystring: zLoginUrlQuery,
            response: { 200: zSphOk(zLoginUrl) },
          },
        },
        async (req) => sphOk({ url: await social.loginUrl(authOf(req), n.key, req.query.origin) }),
      );
      app.post(
        n.list,
        {
          ...guarded,
          schema: {
            tags,
            security,
            summary: `The ${n.label} pages the consent gave (Code and State from the return page's address), kept 15 minutes for the save call`,
            body: zAddAccountBody,
            response: { 200: zSphOk(z.object({ [n.listKey]: z.array(zLinkablePage) })) },
          },
        },
        async (req) => sphOk({ [n.listKey]: await social.pagesList(authOf(req), n.key, consentOf(req.body)) }),
      );
      app.post(
        n.save,
        {
          ...guarded,
          schema: {
            tags,
            security,
            summary: `Link the chosen ${n.label} pages (State of the flow, PageIDs from the pages list)`,
            body: zSavePagesBody,
            response: { 200: zSphOk(z.array(zSocialAccount)) },
          },
        },
        async (req) => {
          const accounts = await social.savePages(authOf(req), n.key, {
            state: req.body.State ?? req.body.state ?? null,
            pageIds: req.body.PageIDs,
            ids: { OrgID: req.body.OrgID, UserID: req.body.UserID },
          });
          return sphOk(accounts, SOCIAL_MSG.pagesAdded[n.key]);
        },
      );
    }

    app.post(
      '/social_media_accounts/',
      {
        ...guarded,
        schema: {
          tags,
          security,
          summary: "The caller's linked accounts (a manager's: the networks its role opens), optionally of one network",
          body: zSocialAccountsBody,
          response: { 200: zSphOk(z.array(zSocialAccount)) },
        },
      },
      async (req) => {
        const id = req.body?.SocialMediaID;
        const network = id === undefined || id === '' ? null : socialNetwork(id);
        if (id !== undefined && id !== '' && !network) throw badRequest(SOCIAL_MSG.networkUnknown);
        return sphOk(await social.list(authOf(req), network));
      },
    );

    app.put(
      '/deleteSocialMediaDetails/:id/',
      {
        ...guarded,
        schema: {
          tags,
          security,
          summary: 'Unlink a linked account (by its id)',
          params: z.object({ id: z.string().max(64) }),
          response: { 200: zSphOk(z.null()) },
        },
      },
      async (req) => sphOk(null, await social.unlink(authOf(req), req.params.id)),
    );
  };

/** The main API's calls that keep a profile's socialLinks: the client confirms an account linked or unlinked. */
export const socialMainRoutes =
  (social: TSocialAccountsService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['Social accounts'];
    app.put(
      '/user/addSocialAccount',
      {
        ...guarded,
        schema: {
          tags,
          security,
          summary: "Confirm a linked account onto the caller's profile (its socialLinks)",
          body: zSocialLinkBody,
          response: replies('PUT /user/addSocialAccount'),
        },
      },
      async (req) => ok({ socialLinks: await social.confirmLinked(authOf(req), req.body.accountType, req.body.accountID) }),
    );
    app.put(
      '/user/removeSocialAccount',
      {
        ...guarded,
        schema: {
          tags,
          security,
          summary: "After an unlink: the caller's profile's socialLinks as they now are",
          body: zSocialLinkBody.partial({ accountType: true }),
          response: replies('PUT /user/removeSocialAccount'),
        },
      },
      async (req) => ok({ socialLinks: await social.confirmUnlinked(authOf(req), req.body.accountID) }),
    );
  };
