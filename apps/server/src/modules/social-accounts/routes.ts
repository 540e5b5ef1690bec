import {
  SOCIAL_MSG,
  socialNetwork,
  type TLinkablePage,
  zAddAccountBody,
  zLinkablePage,
  zLoginUrl,
  zLoginUrlQuery,
  zOAuth1AddAccountBody,
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
  state: b.State || b.state || null,
  consent: { code: b.Code ?? b.code ?? null, oauthToken: null, oauthVerifier: null },
  ids: { OrgID: b.OrgID, UserID: b.UserID },
  socialMediaId: b.SocialMediaID === '' ? undefined : b.SocialMediaID,
});

type TListedPage = TLinkablePage & { kind: string };
const pageOf = ({ kind: _kind, ...page }: TListedPage): TLinkablePage => page;

/**
 * A network whose pages are chosen after consent: its login-url, its pages-list call (the consent's pages, under
 * the spec's keys) and its save call, at the documented paths.
 */
const PAGE_NETWORKS = [
  {
    key: 'facebook',
    label: 'Facebook',
    loginUrl: '/facebook/fb_login/',
    list: '/facebook/fb_pages_list/',
    lists: z.object({ FacebookPages: z.array(zLinkablePage) }),
    answer: (pages: TListedPage[]) => ({ FacebookPages: pages.map(pageOf) }),
    save: '/facebook/save_fb_details/',
  },
  {
    key: 'instagram',
    label: 'Instagram',
    loginUrl: '/instagram/ig-login-url',
    list: '/instagram/ig-accounts-list/',
    lists: z.object({ Instagram_account: z.array(zLinkablePage) }),
    answer: (pages: TListedPage[]) => ({ Instagram_account: pages.map(pageOf) }),
    save: '/instagram/save-ig-details/',
  },
  {
    key: 'linkedin',
    label: 'LinkedIn',
    loginUrl: '/linkedin/login_url/',
    list: '/linkedin/li-accounts-list/',
    // the member's own profile and the organization pages it administers, chosen in one chooser
    lists: z.object({ Linkedin_Pages: z.array(zLinkablePage), Linkedin_Profile: z.array(zLinkablePage) }),
    answer: (pages: TListedPage[]) => ({
      Linkedin_Pages: pages.filter((p) => p.kind !== 'profile').map(pageOf),
      Linkedin_Profile: pages.filter((p) => p.kind === 'profile').map(pageOf),
    }),
    save: '/linkedin/save-li-accounts/',
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
          summary:
            "Link the TikTok account the consent page returned (Code, and State when the client has it, from the return page's address)",
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
          summary:
            "Link the YouTube channel the consent page returned (Code, and State when the client has it, from the return page's address)",
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

    app.get(
      '/x-app/login-url/',
      {
        ...guarded,
        schema: {
          tags,
          security,
          summary: "X's consent page for the caller (OAuth 1.0a: a request token is taken first)",
          querystring: zLoginUrlQuery,
          response: { 200: zSphOk(zLoginUrl) },
        },
      },
      async (req) => sphOk({ url: await social.loginUrl(authOf(req), 'twitter', req.query.origin) }),
    );

    app.post(
      '/x-app/add-account/',
      {
        ...guarded,
        schema: {
          tags,
          security,
          summary: "Link the X account the consent page returned (oauth_token and oauth_verifier from the return page's address)",
          body: zOAuth1AddAccountBody,
          response: { 200: zSphOk(zSocialAccount) },
        },
      },
      async (req) => {
        const b = req.body;
        const { account } = await social.addAccount(authOf(req), 'twitter', {
          state: null,
          consent: { code: null, oauthToken: b.oauth_token, oauthVerifier: b.oauth_verifier },
          ids: { OrgID: b.OrgID, UserID: b.UserID },
        });
        return sphOk(account, SOCIAL_MSG.accountAdded('X'));
      },
    );

    app.get(
      '/threads/login-url/',
      {
        ...guarded,
        schema: {
          tags,
          security,
          summary: "Threads' consent page for the caller",
          querystring: zLoginUrlQuery,
          response: { 200: zSphOk(zLoginUrl) },
        },
      },
      async (req) => sphOk({ url: await social.loginUrl(authOf(req), 'threads', req.query.origin) }),
    );

    app.post(
      '/threads/add-account/',
      {
        ...guarded,
        schema: {
          tags,
          security,
          summary: "Link the Threads profile the consent page returned (Code and State from the return page's address)",
          body: zAddAccountBody,
          response: { 200: zSphOk(zSocialAccount) },
        },
      },
      async (req) => {
        const { account } = await social.addAccount(authOf(req), 'threads', consentOf(req.body));
        return sphOk(account, SOCIAL_MSG.accountAdded('Threads'));
      },
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
            response: { 200: zSphOk(n.lists) },
          },
        },
        async (req) => sphOk(n.answer(await social.pagesList(authOf(req), n.key, consentOf(req.body)))),
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
